// Starts Google / Facebook sign-in: a fresh nonce and PKCE verifier go into a short-lived cookie, the state
// (nonce, channel, terms, return path) goes to the provider, and the visitor is sent there.
import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { returnPath } from "~/lib/auth-paths";
import { notFound, requireAnonymous } from "~/server/guards.server";
import { callbackUrl, encodeState, newNonce, oauthCookie } from "~/server/oauth-state.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenant = requireAnonymous(context);
  const provider = tenant.bootstrap.social_providers.find((p) => p === params.provider);
  if (!provider) notFound();
  const url = new URL(request.url);
  const nonce = newNonce();
  const state = encodeState({
    n: nonce,
    c: tenant.channel.alias,
    t: url.searchParams.get("terms") === "1",
    r: returnPath(url.searchParams.get("redirectTo")),
  });
  try {
    const started = await tenant.social.authorize(provider, { redirect_uri: callbackUrl(url, provider), state });
    return redirect(started.url, { headers: { "Set-Cookie": oauthCookie(request, { provider, nonce, codeVerifier: started.code_verifier }) } });
  } catch (error) {
    console.error("social sign-in could not start:", error instanceof Error ? error.message : error);
    return redirect("/login?social=failed");
  }
}
