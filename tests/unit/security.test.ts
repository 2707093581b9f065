import { describe, expect, it } from "vitest";
import { serializeCookie } from "~/server/cookies.server";
import {
  applyBaseSecurityHeaders,
  applySecurityHeaders,
  contentSecurityPolicy,
  cspAllowsFraming,
  frameAncestorsFor,
  isForeignMutation,
  isLocalHost,
} from "~/server/security.server";

const env = { APP_ENV: "development" } as const;

describe("security headers", () => {
  it("sends HSTS everywhere except local hosts", () => {
    for (const [url, hsts] of [
      ["http://alpha.localhost:8787/", false],
      ["http://127.0.0.1:8787/", false],
      ["https://alpha.streamhub.example/", true],
      ["http://alpha-sports.test/", true],
    ] as const) {
      const headers = new Headers();
      applySecurityHeaders(headers, { nonce: "n", url: new URL(url), config: env, document: true });
      expect(headers.has("Strict-Transport-Security"), url).toBe(hsts);
      expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("puts the CSP only on documents", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { nonce: "n", url: new URL("http://alpha.localhost/"), config: env, document: false });
    expect(headers.has("Content-Security-Policy")).toBe(false);
    expect(headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("lets sign-in forms lead to the providers, and to the local OAuth server only outside production", () => {
    const local = { APP_ENV: "test", OAUTH_LOCAL_ISSUER: "http://127.0.0.1:8790" } as const;
    expect(contentSecurityPolicy({ nonce: "abc", config: local })).toMatch(/form-action 'self' https:\/\/accounts.google.com https:\/\/www.facebook.com .*http:\/\/127.0.0.1:8790/);
    expect(contentSecurityPolicy({ nonce: "abc", config: { ...local, APP_ENV: "production" as const } })).not.toContain("127.0.0.1");
    expect(contentSecurityPolicy({ nonce: "abc", config: env })).toContain("script-src 'self' 'nonce-abc'");
    expect(contentSecurityPolicy({ nonce: "abc", config: { ...env, TURNSTILE_SITE_KEY: "k" } })).toContain("https://challenges.cloudflare.com");
  });

  it("lets Stripe.js and its Elements frames in only when a publishable key is configured", () => {
    const without = contentSecurityPolicy({ nonce: "abc", config: env });
    expect(without).not.toContain("stripe.com");
    const withKey = contentSecurityPolicy({ nonce: "abc", config: { ...env, STRIPE_PUBLISHABLE_KEY: "pk_test_1" } });
    expect(withKey).toMatch(/script-src 'self' 'nonce-abc' https:\/\/js\.stripe\.com/);
    expect(withKey).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(withKey).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it("lets the console send uploads to Stream's tus endpoint only when Stream holds the videos", () => {
    expect(contentSecurityPolicy({ nonce: "abc", config: env })).not.toContain("videodelivery.net");
    expect(contentSecurityPolicy({ nonce: "abc", config: env, streamUploads: true })).toMatch(/connect-src 'self' https:\/\/upload\.videodelivery\.net(;|$)/);
  });

    it("knows local hosts", () => {
    expect(isLocalHost("alpha.localhost")).toBe(true);
    expect(isLocalHost("localhost")).toBe(true);
    expect(isLocalHost("alpha.localhost.evil.com")).toBe(false);
  });
});

describe("framing (the embed page is the one exception)", () => {
  const partners = ["https://partner.example", "http://partner.localhost:*"];
  const url = new URL("http://alpha.localhost:8787/watch_embed/1");

  it("lets the given origins frame a document, and nobody when the list is empty", () => {
    expect(contentSecurityPolicy({ nonce: "n", config: env, frameAncestors: partners })).toContain("frame-ancestors https://partner.example http://partner.localhost:*");
    expect(contentSecurityPolicy({ nonce: "n", config: env, frameAncestors: [] })).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy({ nonce: "n", config: env })).toContain("frame-ancestors 'none'");
  });

  it("drops entries that are not host sources, so a setting cannot add directives", () => {
    const csp = contentSecurityPolicy({ nonce: "n", config: env, frameAncestors: ["https://a.example; script-src *", "'self'", "*", "https://ok.example"] });
    expect(csp).toContain("frame-ancestors https://ok.example");
    expect(csp).not.toContain("script-src *");
    expect(contentSecurityPolicy({ nonce: "n", config: env, frameAncestors: ["javascript:x", "*"] })).toContain("frame-ancestors 'none'");
  });

  it("sends X-Frame-Options: DENY unless the document's own CSP allows framing", () => {
    const framed = new Headers();
    applySecurityHeaders(framed, { nonce: "n", url, config: env, document: true, frameAncestors: partners });
    expect(framed.has("X-Frame-Options")).toBe(false);
    expect(framed.get("Content-Security-Policy")).toContain("frame-ancestors https://partner.example");

    const closed = new Headers();
    applySecurityHeaders(closed, { nonce: "n", url, config: env, document: true, frameAncestors: [] });
    expect(closed.get("X-Frame-Options")).toBe("DENY");
    // A data request of the same route carries no CSP, so it stays unframeable.
    const data = new Headers();
    applySecurityHeaders(data, { nonce: "n", url, config: env, document: false, frameAncestors: partners });
    expect(data.get("X-Frame-Options")).toBe("DENY");
  });

  it("keeps the exception through the worker's second pass of base headers", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { nonce: "n", url, config: env, document: true, frameAncestors: partners });
    applyBaseSecurityHeaders(headers, url);
    expect(headers.has("X-Frame-Options")).toBe(false);
    const other = new Headers({ "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'" });
    applyBaseSecurityHeaders(other, url);
    expect(other.get("X-Frame-Options")).toBe("DENY");
  });

  it("reads frame-ancestors from a CSP", () => {
    expect(cspAllowsFraming(null)).toBe(false);
    expect(cspAllowsFraming("default-src 'self'")).toBe(false);
    expect(cspAllowsFraming("default-src 'self'; frame-ancestors 'none'")).toBe(false);
    expect(cspAllowsFraming("frame-ancestors https://partner.example; base-uri 'self'")).toBe(true);
  });

  it("opens only for a page whose own route declares itself embeddable", () => {
    expect(frameAncestorsFor([undefined, { layout: "plain", embeddable: true }], partners)).toEqual(partners);
    // A layout route above the page does not pass it down, and a flag that is not exactly true does nothing.
    expect(frameAncestorsFor([{ embeddable: true }, undefined], partners)).toEqual([]);
    expect(frameAncestorsFor([undefined, { embeddable: "yes" }], partners)).toEqual([]);
    expect(frameAncestorsFor([], partners)).toEqual([]);
  });
});

describe("foreign-origin mutations", () => {
  const post = (headers: Record<string, string>, method = "POST") =>
    new Request("http://alpha.localhost:8787/login", { method, headers: { host: "alpha.localhost:8787", ...headers } });

  it("refuses a form posted from another origin, another channel included", () => {
    expect(isForeignMutation(post({ origin: "https://evil.example" }))).toBe(true);
    expect(isForeignMutation(post({ origin: "http://beta.localhost:8787" }))).toBe(true);
    expect(isForeignMutation(post({ origin: "null" }))).toBe(true);
    expect(isForeignMutation(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isForeignMutation(post({ "sec-fetch-site": "same-site" }))).toBe(true);
  });

  it("accepts same-origin posts, safe methods and clients without browser headers", () => {
    expect(isForeignMutation(post({ origin: "http://alpha.localhost:8787" }))).toBe(false);
    expect(isForeignMutation(post({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isForeignMutation(post({}))).toBe(false);
    expect(isForeignMutation(post({ origin: "https://evil.example" }, "GET"))).toBe(false);
  });
});

describe("cookies", () => {
  const attrs = (url: string) => serializeCookie(new Request(url), "sid", "x", 60).split("; ");

  it("is host-only, httpOnly and SameSite=Lax", () => {
    const cookie = attrs("https://alpha.streamhub.example/");
    expect(cookie).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/", "Secure"]));
    expect(cookie.some((a) => a.startsWith("Domain="))).toBe(false);
  });

  it("is Secure except on plain-http local hosts", () => {
    expect(attrs("http://alpha.localhost:8787/")).not.toContain("Secure");
    expect(attrs("http://alpha-sports.test/")).toContain("Secure");
  });
});
