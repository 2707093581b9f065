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
import { eventFrameUrl } from "./frames";
import type { Verdicts } from "./event-access";
import { defaultEventName } from "../contract/names";

export interface EventRelations {
  teams: ParticipantRow[];
  groups: GroupRow[];
  categories: CategoryRow[];
  locations: LocationRow[];
}

/**
 * `verdict` answers has_access and the offer per event for the request's viewer (event-access.ts); `brand` is the
 * channel's, which an event's artwork and share image are drawn with (issue 28).
 */
export function eventMapper(rel: EventRelations, now: number, l: Lang, verdict: Verdicts, brand: ChannelBrand): (row: EventListRow) => Event {
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
    const status = streamStatus({ start: row.eventUtcTs, end: row.endUtcTs }, now);
    const { has_access, offer } = verdict(row);
    const artwork = eventArtwork(
      { id: row.id, name, event_utc_ts: eventUtcTs, time_zone: row.timeZone, category: categoryRef, participants },
      // A frame of the game itself while it has a picture (frames.ts).
      { poster: row.poster, frame: eventFrameUrl(row.id, status, row.broadcast, now) },
      l.lang,
      brand,
    );
    return {
      id: row.id,
      name,
      own_name: hasOwnName(row, teams) ? name : null,
      description: trOpt(row.description, l),
      type: row.type,
      access_type: row.accessType,
      has_access,
      offer,
      event_utc_ts: eventUtcTs,
      end_utc_ts: new Date(row.endUtcTs).toISOString(),
      time_zone: row.timeZone,
      stream_status: status,
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

/**
 * Whether an event's name is its own rather than the "<away> @ <home>" its definition was given without one (issue
 * 28). The default is a plain string made from the teams' names; they are synced together, so it matches exactly.
 */
export function hasOwnName(row: Pick<EventRow, "name" | "homeTeamId" | "awayTeamId">, teams: ReadonlyMap<number, Pick<ParticipantRow, "name" | "shortName">>): boolean {
  if (typeof row.name !== "string") return true;
  const team = (id: number | null) => {
    const t = id != null ? teams.get(id) : undefined;
    return t ? { short_name: t.shortName, name: t.name as string | Partial<Record<string, string>> } : undefined;
  };
  if (row.homeTeamId == null || row.awayTeamId == null) return true;
  const away = team(row.awayTeamId);
  const home = team(row.homeTeamId);
  if (!away || !home) return true;
  return row.name !== defaultEventName(away, home, { away: "", home: "" });
}
