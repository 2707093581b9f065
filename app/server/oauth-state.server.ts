// The OAuth `state` of Google / Facebook sign-in (SPEC §7): a CSRF nonce and the channel, plus where to go after
// and whether the terms were accepted. The nonce is also kept, with the PKCE verifier, in a short-lived httpOnly
// cookie: a callback whose state does not match the cookie did not start in this browser, so it is refused.
import { SOCIAL_PROVIDERS, type SocialProvider } from "@api/contract/auth";
import { fromBase64Url, randomToken, timingSafeEqual, toBase64Url } from "@api/lib/crypto";
import { z } from "zod";
import { returnPath } from "~/lib/auth-paths";
import { readCookie, serializeCookie } from "./cookies.server";

export const OAUTH_COOKIE = "oauth_state";
/** Long enough to sign in at the provider, short enough that a stale flow cannot be resumed. */
export const OAUTH_COOKIE_MAX_AGE_S = 600;

export interface OAuthState {
  /** CSRF nonce, equal to the cookie's. */
  n: string;
  /** Channel alias. */
  c: string;
  /** Terms accepted. */
  t: boolean;
  /** Same-origin path to return to. */
  r: string;
}

const stateSchema = z.object({
  n: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  c: z.string().regex(/^[a-z0-9-]{1,63}$/),
  t: z.boolean(),
  r: z.string().max(2048),
});

const encoder = new TextEncoder();

export const newNonce = () => randomToken(24);

export function encodeState(state: OAuthState): string {
  return toBase64Url(encoder.encode(JSON.stringify({ ...state, r: returnPath(state.r) })));
}

/** The state a provider sent back, or null when it is not one of ours. */
export function parseState(value: string | null | undefined): OAuthState | null {
  const bytes = value && value.length <= 4096 ? fromBase64Url(value) : null;
  if (!bytes?.length) return null;
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const parsed = stateSchema.safeParse(json);
    return parsed.success ? { ...parsed.data, r: returnPath(parsed.data.r) } : null;
  } catch {
    return null;
  }
}

/** What the browser keeps between leaving for the provider and coming back. */
export interface OAuthCookie {
  provider: SocialProvider;
  nonce: string;
  codeVerifier: string;
}

export function oauthCookie(request: Request, value: OAuthCookie): string {
  return serializeCookie(request, OAUTH_COOKIE, `${value.provider}.${value.nonce}.${value.codeVerifier}`, OAUTH_COOKIE_MAX_AGE_S);
}

export function readOAuthCookie(request: Request): OAuthCookie | null {
  const [provider, nonce, codeVerifier, ...rest] = (readCookie(request, OAUTH_COOKIE) ?? "").split(".");
  if (rest.length || !nonce || !codeVerifier || !(SOCIAL_PROVIDERS as readonly string[]).includes(provider ?? "")) return null;
  return { provider: provider as SocialProvider, nonce, codeVerifier };
}

export const clearOAuthCookie = (request: Request) => serializeCookie(request, OAUTH_COOKIE, "", 0);

/** The provider sends the visitor back to this channel's own callback page (SPEC §7). */
export const callbackUrl = (url: URL, provider: SocialProvider) => `${url.origin}/auth/login/${provider}/callback`;

/** Checks a callback's state against the cookie and this host's channel. */
export function checkCallbackState(
  state: OAuthState | null,
  cookie: OAuthCookie | null,
  expected: { provider: SocialProvider; channel: string },
): state is OAuthState {
  return Boolean(state && cookie && cookie.provider === expected.provider && state.c === expected.channel && sameNonce(state.n, cookie.nonce));
}

/** The nonce check must not leak how much of it matched. */
function sameNonce(a: string, b: string): boolean {
  return timingSafeEqual(encoder.encode(a), encoder.encode(b));
}
