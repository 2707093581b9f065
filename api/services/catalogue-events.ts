// Maps event rows and the rows they refer to into the wire Event (SPEC §3): participants away first, then home,
// each with its school; the sport and the venue; the stream status from the clock; the game a scorekeeper keeps.
import type { Event, EventParticipant } from "../contract/catalogue";
import type { EventListRow, EventRow } from "../db/repos/catalogue-events";
import type { CategoryRow, GroupRow, LocationRow, ParticipantRow } from "../db/repos/catalogue-taxonomy";
import type { Lang } from "./lang";
import { teamIdentity, toLocation } from "./catalogue-taxonomy";
import { tr, trOpt } from "./lang";
import { streamStatus } from "./event-status";
import type { ChannelBrand } from "./artwork/brand";
import { eventArtwork } from "./artwork/choose";

export interface EventRelations {
  teams: ParticipantRow[];
  groups: GroupRow[];
  categories: CategoryRow[];
  locations: LocationRow[];
}

/**
 * `access` answers has_access per event for the request's viewer (event-access.ts); `brand` is the channel's, which an
 * event's artwork and share image are drawn with (issue 28).
 */
export function eventMapper(rel: EventRelations, now: number, l: Lang, access: (row: EventRow) => boolean, brand: ChannelBrand): (row: EventListRow) => Event {
  const teams = new Map(rel.teams.map((r) => [r.id, r]));
  const groups = new Map(rel.groups.map((r) => [r.id, r]));
  const categories = new Map(rel.categories.map((r) => [r.id, r]));
  const locations = new Map(rel.locations.map((r) => [r.id, r]));

  const participant = (id: number | null, side: "home" | "away"): EventParticipant | null => {
    const team = id != null ? teams.get(id) : undefined;
    if (!team) return null;
    const group = team.groupId != null ? groups.get(team.groupId) : undefined;
    return {
      ...teamIdentity(team, l),
      side,
      group: group ? { id: group.id, alias: group.alias, name: tr(group.name, l) } : null,
    };
  };

  return (row) => {
    const category = row.eventCategoryId != null ? categories.get(row.eventCategoryId) : undefined;
    const location = row.locationId != null ? locations.get(row.locationId) : undefined;
    const name = tr(row.name, l);
    const eventUtcTs = new Date(row.eventUtcTs).toISOString();
    const categoryRef = category ? { id: category.id, alias: category.alias, name: tr(category.name, l) } : null;
    const participants = [participant(row.awayTeamId, "away"), participant(row.homeTeamId, "home")].filter((p) => p !== null);
    const artwork = eventArtwork(
      { id: row.id, name, event_utc_ts: eventUtcTs, time_zone: row.timeZone, category: categoryRef, participants },
      { poster: row.poster },
      l.lang,
      brand,
    );
    return {
      id: row.id,
      name,
      description: trOpt(row.description, l),
      type: row.type,
      access_type: row.accessType,
      has_access: access(row),
      event_utc_ts: eventUtcTs,
      end_utc_ts: new Date(row.endUtcTs).toISOString(),
      time_zone: row.timeZone,
      stream_status: streamStatus({ start: row.eventUtcTs, end: row.endUtcTs }, now),
      gender: row.gender,
      poster: artwork.url,
      poster_kind: artwork.kind,
      share_image: artwork.shareImage,
      location_id: row.locationId,
      location: location ? toLocation(location, l) : null,
      event_category_id: row.eventCategoryId,
      category: categoryRef,
      home_team_id: row.homeTeamId,
      participants,
      score: row.score,
    };
  };
}
