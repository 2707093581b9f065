// Google and Facebook sign-in against a real local OAuth/OIDC server (oauth2-mock-server, started in
// tests/api/oauth.global-setup.ts): authorize URL → the server's /authorize → code → v2/auth/social/{provider}.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { AUTH_MESSAGES, type User } from "@api/contract/auth";
import type { BootstrapData } from "@api/contract/channel";
import { getDb } from "@api/db/client";
import { channelSettings, sessions, userIdentities, users } from "@api/db/schema";
import { api } from "@api/index";
import { sha256Hex } from "@api/lib/crypto";
import { CHANNEL_KEYS, HOSTS, type Fixtures, mintKey, postJson, seedChannels, testContext } from "./fixtures";

const issuer = inject("oauthIssuer");
const db = getDb(env.DB);
type Host = (typeof HOSTS)["alpha" | "beta"];
type Session = { user: User; token: string; expires_at: number; created: boolean };

let fx: Fixtures;
const keys: Record<string, string> = {};

/** Calls the API with the local issuer configured (and any other env override). */
function call(host: string, path: string, init?: RequestInit, vars: Partial<Env> = {}) {
  const withIssuer = { ...env, OAUTH_LOCAL_ISSUER: issuer, ...vars } as Env;
  return Promise.resolve(api.fetch(new Request(`http://${host}${path}`, init), withIssuer, testContext().ctx));
}

const callback = (host: string, provider: string) => `http://${host}/auth/login/${provider}/callback`;

/** Runs the browser's part: asks the API for the URL, follows it at the OAuth server, reads the code back. */
async function authorize(host: Host, provider: "google" | "facebook", identity: Record<string, unknown>, vars: Partial<Env> = {}) {
  const redirect_uri = callback(host, provider);
  const res = await call(host, `/api/v2/auth/social/${provider}/authorize`, postJson({ api_key: keys[host], redirect_uri, state: "state-123" }), vars);
  expect(res.status).toBe(200);
  const { url, code_verifier } = ((await res.json()) as { data: { url: string; code_verifier: string } }).data;
  const target = new URL(url);
  target.searchParams.set("login_hint", JSON.stringify(identity));
  const answer = await fetch(target, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location")!);
  expect(back.origin + back.pathname).toBe(redirect_uri);
  expect(back.searchParams.get("state")).toBe("state-123");
  return { url: target, code: back.searchParams.get("code")!, code_verifier, redirect_uri };
}

async function signIn(host: Host, provider: "google" | "facebook", identity: Record<string, unknown>, extra: Record<string, unknown> = {}, vars: Partial<Env> = {}) {
  const flow = await authorize(host, provider, identity, vars);
  const body = { api_key: keys[host], code: flow.code, code_verifier: flow.code_verifier, redirect_uri: flow.redirect_uri, ...extra };
  return call(host, `/api/v2/auth/social/${provider}${extra.lang ? `?lang=${extra.lang}` : ""}`, postJson(body), vars);
}

const google = (sub: string, email: string, more: Record<string, unknown> = {}) => ({
  sub,
  email,
  email_verified: true,
  given_name: "Gabrielle",
  family_name: "Roy",
  ...more,
});

beforeAll(async () => {
  fx = await seedChannels();
  await db.insert(channelSettings).values([
    { channelId: fx.alpha.id, key: "auth.google", value: { client_id: "alpha-google-client" } },
    { channelId: fx.beta.id, key: "auth.google", value: { client_id: "beta-google-client" } },
    { channelId: fx.beta.id, key: "auth.facebook", value: { client_id: "beta-facebook-client" } },
  ]);
  keys[HOSTS.alpha] = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha);
  keys[HOSTS.beta] = await mintKey(HOSTS.beta, CHANNEL_KEYS.beta);
});

describe("social providers of a channel", () => {
  const bootstrap = async (host: string, vars: Partial<Env>) => {
    const res = await call(host, "/api/channel-bootstrap-data", undefined, vars);
    return ((await res.json()) as { data: BootstrapData }).data.social_providers;
  };

  it("offers a provider with a client id and either the local issuer or a secret", async () => {
    expect(await bootstrap(HOSTS.alpha, {})).toEqual(["google"]);
    expect(await bootstrap(HOSTS.beta, {})).toEqual(["google", "facebook"]);
    expect(await bootstrap(HOSTS.alpha, { OAUTH_LOCAL_ISSUER: undefined })).toEqual([]);
    const perChannel = { OAUTH_LOCAL_ISSUER: undefined, OAUTH_GOOGLE_SECRET_ALPHA: "s" } as Partial<Env>;
    expect(await bootstrap(HOSTS.alpha, perChannel)).toEqual(["google"]);
    expect(await bootstrap(HOSTS.beta, perChannel)).toEqual([]);
    // The local issuer never counts in production.
    expect(await bootstrap(HOSTS.alpha, { APP_ENV: "production" })).toEqual([]);
  });

  it("answers 404 for an unknown or unconfigured provider", async () => {
    const body = postJson({ api_key: keys[HOSTS.alpha], redirect_uri: callback(HOSTS.alpha, "facebook"), state: "s" });
    expect((await call(HOSTS.alpha, "/api/v2/auth/social/facebook/authorize", body)).status).toBe(404);
    expect((await call(HOSTS.alpha, "/api/v2/auth/social/twitter/authorize", body)).status).toBe(404);
  });

  it("refuses a call without the api key", async () => {
    const res = await call(HOSTS.alpha, "/api/v2/auth/social/google/authorize", postJson({ redirect_uri: callback(HOSTS.alpha, "google"), state: "s" }));
    expect(res.status).toBe(403);
  });
});

describe("authorize", () => {
  it("builds a PKCE authorization URL at the configured issuer", async () => {
    const { url } = await authorize(HOSTS.alpha, "google", google("g-url", "url@example.test"));
    expect(url.origin + url.pathname).toBe(`${issuer}/authorize`);
    expect(url.searchParams.get("client_id")).toBe("alpha-google-client");
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("response_type")).toBe("code");
  });

  it("only sends the visitor back to this channel's callback page", async () => {
    for (const redirect_uri of [callback(HOSTS.beta, "google"), "http://evil.example/auth/login/google/callback", `${callback(HOSTS.alpha, "google")}?x=1`, "/relative"]) {
      const res = await call(HOSTS.alpha, "/api/v2/auth/social/google/authorize", postJson({ api_key: keys[HOSTS.alpha], redirect_uri, state: "s" }));
      expect(res.status, redirect_uri).toBe(422);
    }
  });
});

describe("Google sign-in", () => {
  it("asks a new person to accept the terms, then creates the account, then signs the same person in", async () => {
    const person = google("g-new-1", "Gabrielle.Roy@Example.test");
    const refused = await signIn(HOSTS.alpha, "google", person);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ message: AUTH_MESSAGES.notRegistered, errors: { terms: [AUTH_MESSAGES.notRegistered] } });
    expect(await db.select().from(users).where(and(eq(users.channelId, fx.alpha.id), eq(users.email, "gabrielle.roy@example.test")))).toHaveLength(0);

    const created = await signIn(HOSTS.alpha, "google", person, { terms: true, lang: "fr" });
    expect(created.status).toBe(200);
    const first = ((await created.json()) as { data: Session }).data;
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({
      email: "gabrielle.roy@example.test",
      first_name: "Gabrielle",
      last_name: "Roy",
      email_verified: true,
      has_password: false,
      providers: ["google"],
      language: "fr",
    });
    expect(first.token.length).toBeGreaterThanOrEqual(22);
    const session = await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(first.token))).get();
    expect(session).toMatchObject({ channelId: fx.alpha.id, userId: first.user.id });
    const profile = await call(HOSTS.alpha, `/api/profile?api_key=${keys[HOSTS.alpha]}`, { headers: { authorization: `Bearer ${first.token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { data: User }).data).toMatchObject({ id: first.user.id, email: "gabrielle.roy@example.test" });

    const again = await signIn(HOSTS.alpha, "google", { ...person, email: "changed@example.test" });
    expect(again.status).toBe(200);
    const second = ((await again.json()) as { data: Session }).data;
    expect(second).toMatchObject({ created: false, user: { id: first.user.id } });
    // Every sign-in opens its own session with a new token.
    expect(second.token).not.toBe(first.token);
  });

  it("records on the session the country the sign-in came from", async () => {
    const flow = await authorize(HOSTS.alpha, "google", google("g-country-1", "country@example.test"));
    const init = postJson({ api_key: keys[HOSTS.alpha], code: flow.code, code_verifier: flow.code_verifier, redirect_uri: flow.redirect_uri, terms: true });
    const res = await call(HOSTS.alpha, "/api/v2/auth/social/google", { ...init, headers: { "content-type": "application/json", "cf-ipcountry": "JP" } });
    expect(res.status).toBe(200);
    const { token } = ((await res.json()) as { data: Session }).data;
    const session = await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(token))).get();
    expect(session?.country).toBe("JP");
  });

  it("keeps channels apart: the same Google account on beta is another user", async () => {
    const person = google("g-cross", "cross@example.test");
    const onAlpha = ((await (await signIn(HOSTS.alpha, "google", person, { terms: true })).json()) as { data: Session }).data;
    const refused = await signIn(HOSTS.beta, "google", person);
    expect(refused.status).toBe(422);
    const onBeta = ((await (await signIn(HOSTS.beta, "google", person, { terms: true })).json()) as { data: Session }).data;
    expect(onBeta.created).toBe(true);
    expect(onBeta.user.id).not.toBe(onAlpha.user.id);
    expect(onBeta.user.language).toBe("fr");
  });

  it("links the identity to an existing verified account with the same email", async () => {
    const now = Date.now();
    const [existing] = await db
      .insert(users)
      .values({ channelId: fx.alpha.id, email: "fan@example.test", firstName: "Fan", lastName: "One", passwordHash: null, emailVerifiedAt: now, createdAt: now, updatedAt: now })
      .returning({ id: users.id });
    const res = await signIn(HOSTS.alpha, "google", google("g-fan", "FAN@example.test"));
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: Session }).data;
    expect(data).toMatchObject({ created: false, user: { id: existing.id, first_name: "Fan", providers: ["google"] } });
    const links = await db.select().from(userIdentities).where(eq(userIdentities.userId, existing.id));
    expect(links).toMatchObject([{ provider: "google", subject: "g-fan", channelId: fx.alpha.id }]);
  });

  it("does not link an unverified account, nor an email the provider does not vouch for", async () => {
    const now = Date.now();
    await db.insert(users).values({ channelId: fx.alpha.id, email: "unverified@example.test", passwordHash: null, createdAt: now, updatedAt: now });
    const res = await signIn(HOSTS.alpha, "google", google("g-unverified", "unverified@example.test"), { terms: true });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(AUTH_MESSAGES.emailTaken);

    await db.insert(users).values({ channelId: fx.alpha.id, email: "owner@example.test", passwordHash: null, emailVerifiedAt: now, createdAt: now, updatedAt: now });
    const unvouched = await signIn(HOSTS.alpha, "google", google("g-unvouched", "owner@example.test", { email_verified: false }), { terms: true });
    expect(unvouched.status).toBe(422);
  });

  it("answers 422, never 500, when the provider refuses the code", async () => {
    const flow = await authorize(HOSTS.alpha, "google", google("g-bad", "bad@example.test"));
    const body = (code: string, code_verifier = flow.code_verifier) =>
      postJson({ api_key: keys[HOSTS.alpha], code, code_verifier, redirect_uri: flow.redirect_uri, terms: true });
    const wrongCode = await call(HOSTS.alpha, "/api/v2/auth/social/google", body("not-a-code"));
    expect(wrongCode.status).toBe(422);
    expect(((await wrongCode.json()) as { message: string }).message).toBe(AUTH_MESSAGES.verificationFailed);
    // PKCE: the code is bound to its verifier.
    const wrongVerifier = await call(HOSTS.alpha, "/api/v2/auth/social/google", body(flow.code, "x".repeat(43)));
    expect(wrongVerifier.status).toBe(422);
    // The token endpoint fails outright (the issuer answers 404 under another path).
    const broken = await call(HOSTS.alpha, "/api/v2/auth/social/google", body(flow.code), { OAUTH_LOCAL_ISSUER: `${issuer}/missing` });
    expect(broken.status).toBe(422);
  });

  it("answers 422 with field messages for a malformed body", async () => {
    const res = await call(HOSTS.alpha, "/api/v2/auth/social/google", postJson({ api_key: keys[HOSTS.alpha], code: "" }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(["code", "code_verifier", "redirect_uri"]));
  });
});

describe("Facebook sign-in", () => {
  it("reads the Graph profile (id, first_name, last_name) and posts the client secret when there is one", async () => {
    const person = { id: "10220000000001", email: "fb.fan@example.test", first_name: "Félix", last_name: "Leclerc" };
    const res = await signIn(HOSTS.beta, "facebook", person, { terms: true }, { OAUTH_FACEBOOK_SECRET: "fb-secret" } as Partial<Env>);
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: Session }).data;
    expect(data).toMatchObject({ created: true, user: { email: "fb.fan@example.test", first_name: "Félix", last_name: "Leclerc", providers: ["facebook"] } });
    const again = await signIn(HOSTS.beta, "facebook", person);
    expect(((await again.json()) as { data: Session }).data).toMatchObject({ created: false, user: { id: data.user.id } });
  });
});
