// Maps event rows and the rows they refer to into the wire Event (SPEC §3): participants away first, then home,
// each with its school; the sport and the venue; the stream status from the clock; the game a scorekeeper keeps.
import type { Event, EventParticipant } from "../contract/catalogue";
import type { EventListRow } from "../db/repos/catalogue-events";
import type { CategoryRow, GroupRow, LocationRow, ParticipantRow } from "../db/repos/catalogue-taxonomy";
import type { Lang } from "./lang";
import { teamIdentity, toLocation } from "./catalogue-taxonomy";
import { tr, trOpt } from "./lang";
import { streamStatus } from "./event-status";
import { eventFrameUrl } from "./frames";
import type { Verdicts } from "./event-access";

export interface EventRelations {
  teams: ParticipantRow[];
  groups: GroupRow[];
  categories: CategoryRow[];
  locations: LocationRow[];
}

/** `verdict` answers has_access and the offer per event for the request's viewer (event-access.ts). */
export function eventMapper(rel: EventRelations, now: number, l: Lang, verdict: Verdicts): (row: EventListRow) => Event {
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
    const status = streamStatus({ start: row.eventUtcTs, end: row.endUtcTs }, now);
    const { has_access, offer } = verdict(row);
    return {
      id: row.id,
      name: tr(row.name, l),
      description: trOpt(row.description, l),
      type: row.type,
      access_type: row.accessType,
      has_access,
      offer,
      event_utc_ts: new Date(row.eventUtcTs).toISOString(),
      end_utc_ts: new Date(row.endUtcTs).toISOString(),
      time_zone: row.timeZone,
      stream_status: status,
      gender: row.gender,
      // A frame of the game itself while it has a picture (issue 28), else the event's poster.
      poster: eventFrameUrl(row.id, status, row.broadcast, now) ?? row.poster,
      location_id: row.locationId,
      location: location ? toLocation(location, l) : null,
      event_category_id: row.eventCategoryId,
      category: category ? { id: category.id, alias: category.alias, name: tr(category.name, l) } : null,
      home_team_id: row.homeTeamId,
      participants: [participant(row.awayTeamId, "away"), participant(row.homeTeamId, "home")].filter((p) => p !== null),
      score: row.score,
    };
  };
}
