// Security headers and cookie attributes on every route of SPEC §2, on both channels, straight through the Worker's
// fetch: what every response must carry, whatever the route answers.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findEvent, findVodItem } from "./events";
import { loadChannel, send, type Template, visit } from "./harness";

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

function expectBaseHeaders(headers: Headers, where: string, hsts: boolean) {
  expect(headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
  expect(headers.get("x-frame-options"), where).toBe("DENY");
  expect(headers.has("strict-transport-security"), `${where} HSTS`).toBe(hsts);
  if ((headers.get("content-type") ?? "").includes("text/html")) {
    expect(headers.get("content-security-policy"), where).toMatch(/frame-ancestors 'none'/);
    expect(headers.get("content-security-policy"), where).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  }
}

/** Every cookie the site sets is host-only, httpOnly and SameSite=Lax; not Secure on plain-http local hosts. */
function expectCookieAttributes(headers: Headers, where: string, secure = false) {
  for (const value of headers.getSetCookie()) {
    const attrs = value.split(";").map((a) => a.trim().toLowerCase());
    expect(attrs, `${where}: ${value}`).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(attrs.some((a) => a.startsWith("domain=")), `${where}: host-only`).toBe(false);
    expect(attrs.includes("secure"), `${where}: Secure`).toBe(secure);
  }
}

/** A form post as a browser sends it from `origin`. */
const postForm = (url: string, form: Record<string, string>, origin: string) =>
  send(url, { method: "POST", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() });

for (const template of ["alpha", "beta"] as const satisfies Template[]) {
  describe(template, () => {
    it("every route carries the security headers", async () => {
      const ch = await loadChannel(template);
      for (const route of ROUTES) {
        const { status, headers } = await visit(ch, route);
        expect(status, route).toBeLessThan(500);
        expectBaseHeaders(headers, `${template} ${route}`, false);
        expectCookieAttributes(headers, `${template} ${route}`);
      }
    });

    it("only the embed player may be framed, and only by the channel's partners", async () => {
      const ch = await loadChannel(template);
      const id = await findEvent(ch, "live", "free", { noPreroll: true });

      const embed = await visit(ch, `/watch_embed/${id}`);
      expect(embed.status).toBe(200);
      const csp = embed.headers.get("content-security-policy");
      // tenants/<template>/channel.json embed.allowed_origins, and no X-Frame-Options (it cannot name origins).
      expect(csp).toMatch(/frame-ancestors https:\/\/partner\.example http:\/\/partner\.localhost:\*(;|$)/);
      expect(embed.headers.get("x-frame-options")).toBeNull();
      expect(embed.headers.get("x-content-type-options")).toBe("nosniff");

      // The same event's watch page, the embed's data request and a VOD page stay unframeable.
      const item = await findVodItem(ch, false);
      for (const path of [`/watch/${id}`, `/watch_embed/${id}?_data=${encodeURIComponent("routes/watch_embed.$id")}`, `/watch_library/${item.id}`]) {
        const { status, headers } = await visit(ch, path);
        expect(status, path).toBe(200);
        expectBaseHeaders(headers, `${template} ${path}`, false);
      }
    });

    it("cookies set by forms are httpOnly, SameSite=Lax and host-only", async () => {
      const ch = await loadChannel(template);
      const fan = ch.user("fan");
      const forms: [string, Record<string, string>][] = [
        ["/action/set-language", { lng: "fr", redirectTo: "/" }],
        ["/action/accept-cookies", { redirectTo: "/" }],
        ["/login", { email: fan.email, password: fan.password }],
      ];
      for (const [path, form] of forms) {
        const response = await postForm(ch.url(path), form, ch.origin);
        expect(response.status, path).toBeLessThan(400);
        expect(response.headers.getSetCookie().length, `${path} sets a cookie`).toBeGreaterThan(0);
        expectCookieAttributes(response.headers, `${template} POST ${path}`);
        expectBaseHeaders(response.headers, `${template} POST ${path}`, false);
      }
    });

    it("a form posted from another origin is refused", async () => {
      const ch = await loadChannel(template);
      const other = await loadChannel(template === "alpha" ? "beta" : "alpha");
      const fan = ch.user("fan");
      for (const origin of ["https://evil.example", other.origin]) {
        const response = await postForm(ch.url("/login"), { email: fan.email, password: fan.password }, origin);
        expect(response.status, origin).toBe(403);
        expect(response.headers.getSetCookie()).toEqual([]);
        expectBaseHeaders(response.headers, `${template} foreign POST`, false);
      }
    });
  });
}

it("a public host gets HSTS and Secure cookies", async () => {
  const domain = `${crypto.randomUUID().slice(0, 8)}.alpha-sports.test`;
  await loadChannel("alpha", { domains: [domain] });
  const page = await send(`http://${domain}/`);
  expectBaseHeaders(page.headers, "custom domain", true);
  const response = await postForm(`http://${domain}/action/set-language`, { lng: "fr", redirectTo: "/" }, `http://${domain}`);
  expectCookieAttributes(response.headers, "custom domain", true);
});

it("static assets carry the base headers", async () => {
  const ch = await loadChannel("alpha");
  const asset = (await visit(ch, "/")).html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  // Workers assets answers these before the Worker runs (public/_headers); the ASSETS binding is that same server.
  const response = await (env as unknown as { ASSETS: Fetcher }).ASSETS.fetch(ch.url(asset));
  expect(response.status).toBe(200);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
});
