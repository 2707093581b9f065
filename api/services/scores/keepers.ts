// Who may keep score (issue 27): the channel's owner grants the scorekeeper role to an account of the channel, for one
// event or for every event (the season), lists the grants and takes one back. Each change is audited.
import type { Language } from "../../contract/constants";
import { SCOREKEEPER_MESSAGES, type Scorekeeper } from "../../contract/scores";
import * as repo from "../../db/repos/scores";
import { ApiError, notFound } from "../../lib/errors";
import { auditQuery, type ConsoleScope } from "../console/scope";
import { localize, type LocalizedText } from "../localize";

/** The grants, newest first, each event named in `lang`. */
export async function listScorekeepers(s: ConsoleScope, lang: Language): Promise<Scorekeeper[]> {
  const rows = await repo.scorekeepersQuery(s.db, s.channel.id);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: [r.firstName, r.lastName].filter(Boolean).join(" "),
    event_id: r.eventId,
    event: r.eventId !== null && r.eventStart !== null ? { name: localize(r.eventName as LocalizedText, lang, "en"), starts_at: new Date(r.eventStart).toISOString() } : null,
    created_at: new Date(r.createdAt).toISOString(),
  }));
}

/** Idempotent: a second grant of the same account and event (or season) changes nothing. */
export async function grantScorekeeperRole(s: ConsoleScope, email: string, eventId: number | null, lang: Language): Promise<Scorekeeper[]> {
  const user = await repo.channelUserByEmail(s.db, s.channel.id, email);
  if (!user) throw new ApiError(422, SCOREKEEPER_MESSAGES.noAccount, { email: [SCOREKEEPER_MESSAGES.noAccount] });
  if (eventId !== null && !(await repo.channelEventExists(s.db, s.channel.id, eventId))) throw notFound();
  await repo.grantScorekeeper(s.db, s.channel.id, user.id, eventId, s.now);
  await auditQuery(s, { action: "scorekeeper.grant", target: `scorekeeper:${email}`, before: null, after: { email, event_id: eventId } });
  return listScorekeepers(s, lang);
}

export async function revokeScorekeeper(s: ConsoleScope, id: number): Promise<void> {
  // The audit keeps the grant's email and event id: the event's name's language does not matter here.
  const before = (await listScorekeepers(s, "en")).find((k) => k.id === id);
  if (!before || !(await repo.removeScorekeeper(s.db, s.channel.id, id))) throw notFound();
  await auditQuery(s, { action: "scorekeeper.revoke", target: `scorekeeper:${before.email}`, before: { email: before.email, event_id: before.event_id }, after: null });
}
