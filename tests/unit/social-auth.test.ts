import { describe, expect, it } from "vitest";
import { normaliseProfile } from "@api/providers/oauth/profile";
import { availableProviders, clientSecret, providerConfig } from "@api/providers/oauth/providers";
import { checkCallbackState, encodeState, newNonce, parseState } from "~/server/oauth-state.server";

describe("OAuth state", () => {
  const state = { n: newNonce(), c: "alpha", t: true, r: "/watch/12?x=1" };

  it("round-trips as base64url JSON", () => {
    const encoded = encodeState(state);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseState(encoded)).toEqual(state);
  });

  it("refuses what is not one of ours", () => {
    expect(parseState(null)).toBeNull();
    expect(parseState("not json!")).toBeNull();
    expect(parseState(btoa(JSON.stringify({ n: "short", c: "alpha", t: false, r: "/" })))).toBeNull();
    expect(parseState(btoa("[]"))).toBeNull();
  });

  it("never carries an off-site or auth-page return path", () => {
    for (const r of ["https://evil.example/", "//evil.example", "/login", "/auth/login/google"]) {
      expect(parseState(encodeState({ ...state, r }))?.r).toBe("/");
    }
  });

  it("matches the callback against the cookie, the provider and the channel", () => {
    const cookie = { provider: "google" as const, nonce: state.n, codeVerifier: "v" };
    const expected = { provider: "google" as const, channel: "alpha" };
    expect(checkCallbackState(state, cookie, expected)).toBe(true);
    expect(checkCallbackState(state, null, expected)).toBe(false);
    expect(checkCallbackState(state, { ...cookie, nonce: newNonce() }, expected)).toBe(false);
    expect(checkCallbackState(state, { ...cookie, provider: "facebook" }, expected)).toBe(false);
    expect(checkCallbackState(state, cookie, { ...expected, channel: "beta" })).toBe(false);
    expect(checkCallbackState(null, cookie, expected)).toBe(false);
  });
});

describe("profile normalisation", () => {
  it("reads Google's OIDC claims", () => {
    expect(normaliseProfile({ sub: "1234", email: " Ann@Example.COM ", email_verified: true, given_name: "Ann", family_name: "Lee" })).toEqual({
      subject: "1234",
      email: "ann@example.com",
      emailVerified: true,
      firstName: "Ann",
      lastName: "Lee",
    });
  });

  it("reads Facebook's Graph fields, whose emails are confirmed ones", () => {
    expect(normaliseProfile({ id: "987", email: "bo@example.com", first_name: "Bo", last_name: "Ek" })).toEqual({
      subject: "987",
      email: "bo@example.com",
      emailVerified: true,
      firstName: "Bo",
      lastName: "Ek",
    });
  });

  it("keeps an unverified or missing email out of account matching", () => {
    expect(normaliseProfile({ sub: "1", email: "a@example.com", email_verified: false })?.emailVerified).toBe(false);
    expect(normaliseProfile({ sub: "1", email: "a@example.com", email_verified: "true" })?.emailVerified).toBe(true);
    expect(normaliseProfile({ id: 42 })).toMatchObject({ subject: "42", email: null, emailVerified: false });
    expect(normaliseProfile({ sub: "1", email: "not-an-email" })?.email).toBeNull();
  });

  it("splits a display name when there are no name parts, and refuses a profile without a subject", () => {
    expect(normaliseProfile({ sub: "1", name: "Jean  de la Fontaine" })).toMatchObject({ firstName: "Jean", lastName: "de la Fontaine" });
    expect(normaliseProfile({ email: "a@example.com" })).toBeNull();
    expect(normaliseProfile(null)).toBeNull();
    expect(normaliseProfile("sub")).toBeNull();
  });
});

describe("provider configuration", () => {
  const settings = { "auth.google": { client_id: "g-id" }, "auth.facebook": { client_id: "f-id" } };
  const dev = { APP_ENV: "development" };

  it("takes the channel's secret before the shared one", () => {
    expect(clientSecret({ OAUTH_GOOGLE_SECRET_MY_CHANNEL: "own", OAUTH_GOOGLE_SECRET: "shared" }, "google", "my-channel")).toBe("own");
    expect(clientSecret({ OAUTH_GOOGLE_SECRET: "shared" }, "google", "alpha")).toBe("shared");
    expect(clientSecret({ OAUTH_GOOGLE_SECRET: "" }, "google", "alpha")).toBeNull();
  });

  it("uses the real endpoints, or the local issuer outside production", () => {
    expect(providerConfig("google", { ...dev, OAUTH_GOOGLE_SECRET: "s" } as never, settings, "alpha")?.endpoints.token).toBe("https://oauth2.googleapis.com/token");
    const local = providerConfig("facebook", { ...dev, OAUTH_LOCAL_ISSUER: "http://127.0.0.1:8790/" }, settings, "alpha");
    expect(local).toMatchObject({ clientId: "f-id", clientSecret: null, endpoints: { authorize: "http://127.0.0.1:8790/authorize", userinfo: "http://127.0.0.1:8790/userinfo" } });
    expect(providerConfig("google", { APP_ENV: "production", OAUTH_LOCAL_ISSUER: "http://127.0.0.1:8790" }, settings, "alpha")).toBeNull();
  });

  it("offers only providers with a client id and a secret or the local issuer", () => {
    expect(availableProviders(dev, settings, "alpha")).toEqual([]);
    expect(availableProviders({ ...dev, OAUTH_FACEBOOK_SECRET: "s" } as never, settings, "alpha")).toEqual(["facebook"]);
    expect(availableProviders({ ...dev, OAUTH_LOCAL_ISSUER: "http://127.0.0.1:8790" }, { "auth.google": null, "auth.facebook": { client_id: "f" } }, "alpha")).toEqual([
      "facebook",
    ]);
  });
});
