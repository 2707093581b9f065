// Google and Facebook sign-in (SPEC §7 v2/auth/social/{provider}). The web app's loaders drive the browser side:
// they keep the state nonce and the PKCE verifier in a short-lived cookie and hand them back here.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { AUTH_MESSAGES, type SocialProvider } from "../contract/auth";
import { languageSchema } from "../contract/common";
import { channelSettingsSchema } from "../contract/settings";
import { settingsQuery } from "../db/repos/content";
import { ApiError, notFound } from "../lib/errors";
import { body, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requestHost } from "../middleware/tenant";
import { SocialProviderError, authorizationUrl, fetchProfile } from "../providers/oauth/client";
import { type ProviderConfig, isSocialProvider, providerConfig } from "../providers/oauth/providers";
import { authRequest, sessionClient } from "../services/auth/request";
import { socialSignIn } from "../services/auth/social";
import { loadUser, userForRequest } from "../services/auth/users";
import { requestLang } from "../services/lang";

const apiKey = { api_key: z.string().optional() };
const redirectUri = z.string().min(1).max(2048);
const authorizeBody = z.object({ ...apiKey, redirect_uri: redirectUri, state: z.string().min(1).max(2048) });
const signInBody = z.object({
  ...apiKey,
  code: z.string().min(1).max(4096),
  code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, AUTH_MESSAGES.verificationFailed),
  redirect_uri: redirectUri,
  terms: z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on" || v === 1, z.boolean()).optional(),
});
const langQuery = z.object({ lang: languageSchema.optional() });

type Ctx = { req: { param: (k: "provider") => string; raw: Request }; env: Env; get: <K extends "db" | "channel">(k: K) => AppEnv["Variables"][K] };

/** The provider named in the path, if this channel offers it; anything else is a 404. */
async function channelProvider(c: Ctx): Promise<ProviderConfig> {
  const name = c.req.param("provider");
  if (!isSocialProvider(name)) throw notFound();
  const channel = c.get("channel");
  const rows = await settingsQuery(c.get("db"), channel.id);
  const settings = channelSettingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  const config = providerConfig(name, c.env, settings, channel.alias);
  if (!config) throw notFound();
  return config;
}

/** The provider may only send the visitor back to this channel's own callback page. */
function checkRedirectUri(c: Ctx, provider: SocialProvider, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null;
  const ok =
    url !== null &&
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.host === requestHost(c.req.raw, c.env) &&
    url.pathname === `/auth/login/${provider}/callback` &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!ok) throw new ApiError(422, "The redirect URI is not allowed.", { redirect_uri: ["The redirect URI is not allowed."] });
  return url.toString();
}

export const socialRoutes = new Hono<AppEnv>()
  .post("/v2/auth/social/:provider/authorize", requireApiKey, body(authorizeBody), async (c) => {
    const config = await channelProvider(c);
    const input = c.req.valid("json");
    const { url, codeVerifier } = authorizationUrl(config, checkRedirectUri(c, config.provider, input.redirect_uri), input.state);
    c.header("Cache-Control", "no-store");
    return c.json({ data: { url, code_verifier: codeVerifier } });
  })
  .post("/v2/auth/social/:provider", requireApiKey, query(langQuery), body(signInBody), async (c) => {
    const config = await channelProvider(c);
    const input = c.req.valid("json");
    const redirect = checkRedirectUri(c, config.provider, input.redirect_uri);
    let profile;
    try {
      profile = await fetchProfile(config, input.code, input.code_verifier, redirect);
    } catch (error) {
      if (!(error instanceof SocialProviderError)) throw error;
      console.warn("social sign-in refused:", error.message, error.cause instanceof Error ? error.cause.message : "");
      throw new ApiError(422, AUTH_MESSAGES.verificationFailed, { code: [AUTH_MESSAGES.verificationFailed] });
    }
    const channel = c.get("channel");
    const req = authRequest(c);
    const result = await socialSignIn(c.get("db"), {
      channelId: channel.id,
      provider: config.provider,
      profile,
      terms: input.terms ?? false,
      language: requestLang(c.req.valid("query").lang, channel).lang,
      ...sessionClient(req),
      now: req.now,
    });
    const loaded = await loadUser(c.get("db"), channel.id, result.userId);
    if (!loaded) throw notFound(AUTH_MESSAGES.userNotFound);
    const user = await userForRequest(c, loaded.row, loaded.providers);
    c.header("Cache-Control", "no-store");
    return c.json({ data: { user, token: result.token, expires_at: result.expiresAt, created: result.created } });
  });
