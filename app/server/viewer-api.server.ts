// The API as this request's viewer, bound once in getLoadContext (issue 25; STYLE: Hydrogen binds its customer
// client from the session the same way). Every call carries the `sid` cookie's token as `Authorization: Bearer`
// (anonymous without one); the grants and preroll reports also carry the anonymous viewer id while no one is signed
// in. A 401 on any call drops the user for the rest of the request and, with the response, the cookie (SPEC §8):
// this is the one place that reports it. Loaders and actions get the client from the guards (`requireUser`,
// `optionalUser`, guards.server.ts) and never see the token.
import { isApiRequestError } from "./api/errors";
import { anonymousViewerId, markExpired, readSessionToken, type ViewerId, type WebSession } from "./session.server";
import type { ReadyTenant, TenantState } from "./tenant.server";

/** The calls of one channel as the holder of `token` (anonymous without one); a 401 marks `session` expired. */
export function bindViewerApi(tenant: ReadyTenant, token: string | null, session: WebSession, viewer: ViewerId) {
  const expired = () => markExpired(session);
  return {
    /** Whether the request carries a session token at all (its user may still have failed to load). */
    hasSession: token !== null,
    account: tenant.auth.withUser(token, expired),
    /** The event lists and pages as this viewer: has_access and the cards' offers are theirs (issue 28). */
    catalogue: tenant.viewerCatalogue.withUser(token, expired),
    search: tenant.viewerSearch.withUser(token, expired),
    orders: tenant.orders.withUser(token, expired),
    commerce: tenant.commerce.withUser(token, expired),
    playback: tenant.playback.withUser(token, expired, () => anonymousViewerId(session, viewer)),
    clips: tenant.clips.withUser(token, expired),
    favorites: tenant.favorites.withUser(token, expired),
    reminders: tenant.reminders.withUser(token, expired),
    scores: tenant.scores.withUser(token, expired),
    devices: tenant.devices.withUser(token, expired),
    sessions: tenant.sessions.withUser(token, expired),
    streams: tenant.streams.withUser(token, expired),
    analytics: tenant.analytics.withUser(token, expired),
    console: tenant.console.withUser(token, expired),
    domains: tenant.domains.withUser(token, expired),
    video: tenant.video.withUser(token, expired),
  };
}

export type ViewerApi = ReturnType<typeof bindViewerApi>;

export interface Viewer {
  session: WebSession;
  /** Null when the host names no ready channel (there is no API to call then). */
  api: ViewerApi | null;
}

/**
 * Reads the cookie, binds the channel's API to it and, when there is a token, loads the user once for the request.
 * A 401 on the profile is expected (an old or revoked token), so it is not reported; any other failure leaves the
 * cookie alone and the visitor signed out for this request only.
 */
export async function loadViewer(request: Request, tenant: TenantState, viewer: ViewerId): Promise<Viewer> {
  const session: WebSession = { user: null, expired: false };
  if (tenant.kind !== "ok") return { session, api: null };
  const token = readSessionToken(request);
  const api = bindViewerApi(tenant, token, session, viewer);
  if (token) session.user = await api.account.profile().catch(unloaded);
  return { session, api };
}

function unloaded(error: unknown): null {
  if (!isApiRequestError(error, "unauthenticated")) console.error("user load failed:", error instanceof Error ? error.message : error);
  return null;
}
