// Where Google / Facebook send the visitor back (SPEC §7). The state must be ours (nonce equal to the cookie's,
// this host's channel) before the code is handed to the API; the session cookie is set only on success.
import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { signInCookies } from "~/server/pending-follow.server";
import { AUTH_MESSAGES, type SocialProvider } from "@api/contract/auth";
import { isApiRequestError } from "~/server/api/errors";
import { notFound, requireTenant } from "~/server/guards.server";
import { callbackUrl, checkCallbackState, clearOAuthCookie, parseState, readOAuthCookie } from "~/server/oauth-state.server";

const FAILED = "/login?social=failed";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const provider = tenant.bootstrap.social_providers.find((p) => p === params.provider);
  if (!provider) notFound();
  const url = new URL(request.url);
  // The flow ends here whatever happens: the nonce and verifier are single-use.
  const headers = new Headers({ "Set-Cookie": clearOAuthCookie(request) });
  const state = parseState(url.searchParams.get("state"));
  const cookie = readOAuthCookie(request);
  const code = url.searchParams.get("code");
  if (!code || !cookie || !checkCallbackState(state, cookie, { provider, channel: tenant.channel.alias })) return redirect(FAILED, { headers });

  try {
    const session = await tenant.social.signIn(provider, {
      code,
      code_verifier: cookie.codeVerifier,
      redirect_uri: callbackUrl(url, provider),
      terms: state.t,
    });
    return redirect(state.r, { headers: await signInCookies(headers, request, tenant, session) });
  } catch (error) {
    if (isApiRequestError(error, "validation") && error.body?.message === AUTH_MESSAGES.notRegistered) {
      return redirect(notRegisteredPath(provider, state.r), { headers });
    }
    // An unverified account holds the email: its owner signs in with the password (or verifies it) first.
    if (isApiRequestError(error, "validation") && error.body?.message === AUTH_MESSAGES.emailTaken) return redirect("/login?social=email_taken", { headers });
    if (!isApiRequestError(error, "validation")) console.error("social sign-in failed:", error instanceof Error ? error.message : error);
    return redirect(FAILED, { headers });
  }
}

/** The registration page explains that the terms must be accepted, and offers the same provider again. */
function notRegisteredPath(provider: SocialProvider, back: string): string {
  const query = new URLSearchParams({ social: "not_registered", provider });
  if (back !== "/") query.set("redirectTo", back);
  return `/registration?${query}`;
}
