import type { User } from "@api/contract/auth";
import { json, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { PROFILE_EDIT_PATH, returnPath, stepBackFromBuy } from "~/lib/auth-paths";
import { destroySession } from "./session.server";
import type { ReadyTenant } from "./tenant.server";
import type { ViewerApi } from "./viewer-api.server";

export type ShellErrorCode = "channel_not_found" | "unavailable";

/**
 * The channel of this request, ready to use; otherwise the plain 404 or the reload screen. Every loader passes
 * here, so this is also where the SPEC §2 navigation rules hold: a temporary-password user stays on the profile edit
 * page, and a signed-out visitor going from login or registration to /buy is sent back.
 */
export function requireTenant(context: AppLoadContext): ReadyTenant {
  const { tenant } = context;
  if (tenant.kind === "unknown") throw json({ code: "channel_not_found" satisfies ShellErrorCode }, { status: 404 });
  if (tenant.kind === "unavailable") throw json({ code: "unavailable" satisfies ShellErrorCode }, { status: 503 });
  if (context.session?.user?.temporary_password && !mayVisitWithTemporaryPassword(context.path)) throw redirect(PROFILE_EDIT_PATH);
  const back = stepBackFromBuy(context.path, Boolean(context.session?.user), context.referer, tenant.origin);
  if (back) throw redirect(back);
  return tenant;
}

/** The edit page itself, and the form actions (log out, language, cookie consent), which redirect back. */
function mayVisitWithTemporaryPassword(path: string): boolean {
  return path === PROFILE_EDIT_PATH || path.startsWith("/action/");
}

/** The channel, its visitor and the API as that visitor (their token bound, a 401 clearing the session). */
export interface Visitor {
  tenant: ReadyTenant;
  user: User | null;
  api: ViewerApi;
}

export interface SignedIn extends Visitor {
  user: User;
}

/** The channel's API bound to this request's visitor in getLoadContext; it exists once the channel is ready. */
function viewerApi(context: AppLoadContext): ViewerApi {
  if (!context.api) throw new Error("no API bound to the visitor of a channel that is not ready");
  return context.api;
}

/** The signed-in user, or a redirect to login that brings them back here afterwards. */
export function requireUser(context: AppLoadContext, request: Request): SignedIn {
  const tenant = requireTenant(context);
  const { session } = context;
  if (!session.user) {
    const url = new URL(request.url);
    // A client-side navigation asks for data with these; the page to return to is the one without them.
    url.searchParams.delete("_data");
    url.searchParams.delete("index");
    const back = returnPath(url.pathname + url.search, "");
    const to = back && back !== "/" ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login";
    throw redirect(to, session.expired ? { headers: { "Set-Cookie": destroySession(request) } } : undefined);
  }
  return { tenant, user: session.user, api: viewerApi(context) };
}

/** For pages that work signed in or not: the user when there is one, and the API as this visitor either way. */
export function optionalUser(context: AppLoadContext): Visitor {
  const tenant = requireTenant(context);
  return { tenant, user: context.session.user, api: viewerApi(context) };
}

/** Login, registration and the reset pages are for visitors who are not signed in: the others go home (SPEC §2). */
export function requireAnonymous(context: AppLoadContext): ReadyTenant {
  const tenant = requireTenant(context);
  if (context.session.user) throw redirect("/");
  return tenant;
}

/** The 404 page for this URL. */
export function notFound(): never {
  throw json({ code: "not_found" }, { status: 404 });
}

/** SPEC §2: devices may be linked by code only where the channel turns `auth.remote_auth` on. */
export const allowsDeviceLinking = (tenant: ReadyTenant): boolean => tenant.bootstrap.settings["auth.remote_auth"] === 1;

export interface ChannelManager extends SignedIn {
  /** A platform admin, who also sees the platform's pages. */
  platform: boolean;
}

/**
 * The console's guard (issue 16): the channel's owner or a platform admin. Anyone else gets the not-found page, as
 * the console's existence is not advertised (the API answers 403 all the same).
 */
export function requireChannelManager(context: AppLoadContext, request: Request): ChannelManager {
  const signedIn = requireUser(context, request);
  if (!signedIn.user.can_manage_channel) notFound();
  return { ...signedIn, platform: signedIn.user.can_manage_platform };
}
