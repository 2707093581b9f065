// Issue 15: every form action reads its body through app/server/form.server.ts, so a body it cannot read is a 415
// or a 400, never a 500; and every redirect built from a posted `redirectTo` stays on this origin (ADR 021). The
// actions are found in app/routes, so a new one is checked without anyone adding it here.
import { describe, expect, it } from "vitest";
import { FORM_IP_LIMIT } from "../../api/contract/constants";
import { loadChannel, select, send, sharedChannel, type TestChannel } from "./harness";

/** The API proxy takes JSON by design (the API's own validation answers it); it is not a form action. */
const NOT_FORMS = new Set(["api.$.tsx"]);
// The routes' sources, bundled at build time (workerd cannot read the disk).
const SOURCES = import.meta.glob<string>("../../app/routes/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

/** Remix flat-route file name → a URL that reaches it (`$param` → 1, `_index` → `?index`, `x_` → x). */
function routeUrl(file: string): string {
  const parts = file.replace(/\.tsx?$/, "").split(".");
  const segments = parts.filter((p) => p !== "_index" && !p.startsWith("_")).map((p) => (p.startsWith("$") ? "1" : p.replace(/_$/, "")));
  return `/${segments.join("/")}${parts.at(-1) === "_index" ? "?index" : ""}`;
}

const ACTIONS = Object.entries(SOURCES)
  .map(([path, source]) => ({ file: path.split("/").at(-1)!, source }))
  .filter(({ file }) => !file.includes(".server.") && !NOT_FORMS.has(file))
  .filter(({ source }) => /export (async function|const) action\b/.test(source))
  .map(({ file }) => ({ file, url: routeUrl(file) }));

const BOUNDARY = "----issue15";
const BAD_BODIES: { name: string; headers: Record<string, string>; data: string; status: number }[] = [
  { name: "JSON", headers: { "content-type": "application/json" }, data: JSON.stringify({ email: "a@b.test", password: "x" }), status: 415 },
  { name: "text/plain", headers: { "content-type": "text/plain;charset=UTF-8" }, data: "email=a@b.test", status: 415 },
  { name: "no content type", headers: {}, data: "email=a@b.test", status: 415 },
  {
    name: "broken multipart",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test`,
    status: 400,
  },
  { name: "multipart without a boundary", headers: { "content-type": "multipart/form-data" }, data: "email=a", status: 400 },
  { name: "an over-size form", headers: { "content-type": "application/x-www-form-urlencoded" }, data: `a=${"x".repeat(70_000)}`, status: 400 },
];

/** A form post as a browser sends it from the channel's own pages. */
const post = (ch: TestChannel, url: string, form: Record<string, string>) =>
  send(ch.url(url), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ch.origin }, body: new URLSearchParams(form).toString() });

it("the routes directory has the form actions this file expects to find", () => {
  // A rename that broke the discovery would otherwise test nothing.
  expect(ACTIONS.length).toBeGreaterThanOrEqual(24);
  expect(ACTIONS.map((a) => a.url)).toEqual(expect.arrayContaining(["/login", "/action/set-language", "/profile?index", "/profile/edit", "/watch/1", "/select-package/1"]));
});

for (const template of ["alpha", "beta"] as const) {
  describe(`every form action on ${template} answers 415 or 400 to a body it cannot read, never a 500`, () => {
    // Refused bodies change nothing: the actions share one channel.
    it.each(ACTIONS)("$file", async ({ file, url }) => {
      const ch = await sharedChannel(template);
      for (const body of BAD_BODIES) {
        for (const data of [false, true]) {
          // Both as a document post and as a fetcher's data request.
          const target = data ? `${url}${url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(`routes/${file.replace(/\.tsx?$/, "")}`)}` : url;
          // Sent as bytes: a string body would be given text/plain, and "no content type" must have none.
          const response = await send(ch.url(target), { method: "POST", headers: { origin: ch.origin, ...body.headers }, body: new TextEncoder().encode(body.data) });
          expect(response.status, `${file} ${body.name}${data ? " (data)" : ""}`).toBe(body.status);
          await response.body?.cancel();
        }
      }
    });
  });
}

it("a page's unreadable post shows a plain message in the visitor's language", async () => {
  for (const [template, text] of [
    ["alpha", "The form could not be read. Please reload the page and try again."],
    ["beta", "Le formulaire n’a pas pu être lu. Veuillez recharger la page et réessayer."],
  ] as const) {
    const ch = await sharedChannel(template);
    const response = await send(ch.url("/login"), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(415);
    const html = await response.text();
    expect(html).toContain(text);
    expect(html).not.toMatch(/at [\w.]+ \(|TypeError|SyntaxError/);
  }
});

it("the actions that take no fields still accept an empty post", async () => {
  const ch = await sharedChannel("alpha");
  const response = await send(ch.url("/action/logout"), { method: "POST" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/");
});

const ATTACKS = ["\n", "/faq\nX-Injected: 1", "/%09/evil.example", "/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "/%2F/evil.example"];

describe("a redirectTo that is not a same-origin path sends every redirecting action to its fallback", () => {
  // A signed-out visitor's posts to these actions only set cookies: the attacks share one channel.
  it.each(ATTACKS)("%j", async (redirectTo) => {
    const ch = await sharedChannel("alpha");
    for (const [url, form] of [
      ["/action/set-language", { lng: "en", redirectTo }],
      ["/action/accept-cookies", { consent: "accept", redirectTo }],
      ["/action/streams", { intent: "stop", id: "1", redirectTo }],
      ["/action/favorites", { intent: "follow", type: "participant", favoritable_id: "1", redirectTo }],
    ] as const) {
      const response = await post(ch, url, form);
      expect([302, 303], `${url} ${JSON.stringify(redirectTo)}`).toContain(response.status);
      const location = response.headers.get("location") ?? "";
      expect(location.startsWith("/") && !location.startsWith("//") && !/[\s\\]/.test(location), `${url} → ${location}`).toBe(true);
      if (url !== "/action/favorites") expect(location, `${url} ${JSON.stringify(redirectTo)}`).toBe("/");
      // Signed out, following keeps the page in the login link: it must not be the attacker's.
      else expect(location, JSON.stringify(redirectTo)).toBe("/login");
    }
  });

  it("a good path still goes through", async () => {
    const ok = await post(await sharedChannel("alpha"), "/action/set-language", { lng: "en", redirectTo: "/faq?x=1" });
    expect(ok.headers.get("location")).toBe("/faq?x=1");
  });
});

describe("login sends the visitor home when its redirectTo is not a same-origin path", () => {
  it.each(ATTACKS)("%j", async (redirectTo) => {
    // Signing in opens a session: a channel of the test's own. No cookie goes with the post (a visitor not signed in).
    const ch = await loadChannel("alpha");
    const fan = ch.user("fan");
    const response = await post(ch, "/login", { email: fan.email, password: fan.password, redirectTo });
    expect(response.status, JSON.stringify(redirectTo)).toBe(302);
    expect(response.headers.get("location"), JSON.stringify(redirectTo)).toBe("/");
    expect(response.headers.get("set-cookie")).toContain("sid=");
  });
});

describe("the contact form from one address (issue 25)", () => {
  it("sends FORM_IP_LIMIT messages an hour, then says so on the form, keeping what was typed", async () => {
    const ch = await loadChannel("alpha");
    const message = { name: "Jordan Lee", email: "jordan@example.com", topic: "technical", message: "Will the final be streamed in 720p?", consent: "on" };
    const postFrom = (ip: string) =>
      send(ch.url("/contacts"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ch.origin, "cf-connecting-ip": ip },
        body: new URLSearchParams(message).toString(),
      });
    for (let i = 0; i < FORM_IP_LIMIT; i++) expect((await postFrom("198.51.100.80")).status, `message ${i + 1}`).toBe(200);
    const refused = await postFrom("198.51.100.80");
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect((await select(html, '[role="alert"]')).map((e) => e.text)).toContain("Too many requests. Please wait a moment and try again.");
    expect(html).toContain("Will the final be streamed in 720p?");
    expect((await postFrom("198.51.100.81")).status).toBe(200);
  });
});
