// Security headers and cookie attributes on every route of SPEC §2, on both channels, straight over HTTP (no
// browser needed): what every response must carry, whatever the route answers.
import { type APIResponse, expect, test } from "@playwright/test";
import { PORT } from "./fixtures";
import { findEvent, findVodItem } from "./watch-helpers";

const ROUTES = [
  "/",
  "/login",
  "/registration",
  "/verify-notice",
  "/verify-email?email=a%40b.test&expires=1&signature=x",
  "/password-reset-request",
  "/password-reset?email=a%40b.test&expires=1&signature=x",
  "/confirm-account-deletion?email=a%40b.test&expires=1&signature=x",
  "/profile",
  "/profile/edit",
  "/contacts",
  "/faq",
  "/about",
  "/upcoming",
  "/vod",
  "/live",
  "/schedule",
  "/vod_library",
  "/privacy_policy",
  "/terms_conditions",
  "/packages",
  "/buy",
  "/404",
  "/no/such/page",
  "/robots.txt",
  "/sitemap.xml",
  "/?_data=root",
];

const BASE = `http://127.0.0.1:${PORT}`;

function expectBaseHeaders(response: APIResponse, where: string, hsts: boolean) {
  const h = response.headers();
  expect(h["x-content-type-options"], where).toBe("nosniff");
  expect(h["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(h["x-frame-options"], where).toBe("DENY");
  expect(Boolean(h["strict-transport-security"]), `${where} HSTS`).toBe(hsts);
  if ((h["content-type"] ?? "").includes("text/html")) {
    expect(h["content-security-policy"], where).toMatch(/frame-ancestors 'none'/);
    expect(h["content-security-policy"], where).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  }
}

/** Every cookie the site sets is host-only, httpOnly and SameSite=Lax; not Secure on plain-http local hosts. */
function expectCookieAttributes(response: APIResponse, where: string, secure = false) {
  for (const { name, value } of response.headersArray()) {
    if (name.toLowerCase() !== "set-cookie") continue;
    const attrs = value.split(";").map((a) => a.trim().toLowerCase());
    expect(attrs, `${where}: ${value}`).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(attrs.some((a) => a.startsWith("domain=")), `${where}: host-only`).toBe(false);
    expect(attrs.includes("secure"), `${where}: Secure`).toBe(secure);
  }
}

for (const alias of ["alpha", "beta"]) {
  test(`every route on ${alias} carries the security headers`, async ({ request }) => {
    const host = `${alias}.localhost:${PORT}`;
    for (const route of ROUTES) {
      const response = await request.get(`${BASE}${route}`, { headers: { host }, maxRedirects: 0 });
      expect(response.status(), route).toBeLessThan(500);
      expectBaseHeaders(response, `${alias} ${route}`, false);
      expectCookieAttributes(response, `${alias} ${route}`);
    }
  });

  test(`only the embed player on ${alias} may be framed, and only by the channel's partners`, async ({ request }) => {
    const host = `${alias}.localhost:${PORT}`;
    const id = await findEvent(request, alias, "live", "free", { noPreroll: true });
    const get = (path: string) => request.get(`${BASE}${path}`, { headers: { host }, maxRedirects: 0 });

    const embed = await get(`/watch_embed/${id}`);
    expect(embed.status()).toBe(200);
    const csp = embed.headers()["content-security-policy"];
    // tenants/<alias>/channel.json embed.allowed_origins, and no X-Frame-Options (it cannot name origins).
    expect(csp).toMatch(/frame-ancestors https:\/\/partner\.example http:\/\/partner\.localhost:\*(;|$)/);
    expect(embed.headers()["x-frame-options"]).toBeUndefined();
    expect(embed.headers()["x-content-type-options"]).toBe("nosniff");

    // The same event's watch page, the embed's data request and a VOD page stay unframeable.
    const item = await findVodItem(request, alias, false);
    for (const path of [`/watch/${id}`, `/watch_embed/${id}?_data=${encodeURIComponent("routes/watch_embed.$id")}`, `/watch_library/${item.id}`]) {
      const response = await get(path);
      expect(response.status(), path).toBe(200);
      expectBaseHeaders(response, `${alias} ${path}`, false);
    }
  });

  test(`cookies set by forms on ${alias} are httpOnly, SameSite=Lax and host-only`, async ({ request }) => {
    const host = `${alias}.localhost:${PORT}`;
    const origin = `http://${host}`;
    const forms: [string, Record<string, string>][] = [
      ["/action/set-language", { lng: "fr", redirectTo: "/" }],
      ["/action/accept-cookies", { redirectTo: "/" }],
      ["/login", { email: `fan@${alias}.test`, password: "Password123!" }],
    ];
    for (const [path, form] of forms) {
      const response = await request.post(`${BASE}${path}`, { headers: { host, origin }, form, maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(400);
      expect(response.headers()["set-cookie"], `${path} sets a cookie`).toBeTruthy();
      expectCookieAttributes(response, `${alias} POST ${path}`);
      expectBaseHeaders(response, `${alias} POST ${path}`, false);
    }
  });

  test(`a form posted from another origin is refused on ${alias}`, async ({ request }) => {
    const host = `${alias}.localhost:${PORT}`;
    for (const origin of ["https://evil.example", `http://${alias === "alpha" ? "beta" : "alpha"}.localhost:${PORT}`]) {
      const response = await request.post(`${BASE}/login`, {
        headers: { host, origin },
        form: { email: `fan@${alias}.test`, password: "Password123!" },
        maxRedirects: 0,
      });
      expect(response.status(), origin).toBe(403);
      expect(response.headers()["set-cookie"]).toBeUndefined();
      expectBaseHeaders(response, `${alias} foreign POST`, false);
    }
  });
}

test("a public host gets HSTS and Secure cookies", async ({ request }) => {
  const host = `alpha-sports.test:${PORT}`;
  const page = await request.get(`${BASE}/`, { headers: { host }, maxRedirects: 0 });
  expectBaseHeaders(page, "custom domain", true);
  const response = await request.post(`${BASE}/action/set-language`, {
    headers: { host, origin: `http://${host}` },
    form: { lng: "fr", redirectTo: "/" },
    maxRedirects: 0,
  });
  expectCookieAttributes(response, "custom domain", true);
});

test("static assets carry the base headers", async ({ request }) => {
  const home = await request.get(`${BASE}/`, { headers: { host: `alpha.localhost:${PORT}` } });
  const asset = (await home.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(`${BASE}${asset}`, { headers: { host: `alpha.localhost:${PORT}` } });
  expect(response.status()).toBe(200);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
});
