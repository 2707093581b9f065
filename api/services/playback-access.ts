// The playback call's access check, in one place: the viewer (Bearer user, orders, geo) judged by the shared rules
// (access.ts via event-access.ts), so `has_access` in lists and the right to a media token never disagree.
import type { Context } from "hono";
import type { AppEnv } from "../context";
import type { EventRow } from "../db/repos/catalogue-events";
import type { AccessDecision } from "./access";
import { loadViewer, viewerDecision } from "./event-access";

export interface PlaybackViewer {
  decision: AccessDecision;
  /** The token's subject: the user, or null for an anonymous viewer (who gets a random session id). */
  userId: number | null;
}

export async function playbackAccess(c: Context<AppEnv>, event: EventRow): Promise<PlaybackViewer> {
  const viewer = await loadViewer(c);
  return { decision: viewerDecision(viewer, event), userId: viewer.user?.id ?? null };
}
