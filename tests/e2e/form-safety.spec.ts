// Issue 15: every form action reads its body through app/server/form.server.ts, so a body it cannot read is a 415
// or a 400, never a 500; and every redirect built from a posted `redirectTo` stays on this origin (ADR 021). The
// actions are found in app/routes, so a new one is checked without anyone adding it here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PORT } from "./fixtures";

const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");
/** The API proxy takes JSON by design (the API's own validation answers it); it is not a form action. */
const NOT_FORMS = new Set(["api.$.tsx"]);

/** Remix flat-route file name → a URL that reaches it (`$param` → 1, `_index` → `?index`, `x_` → x). */
function routeUrl(file: string): string {
  const parts = file.replace(/\.tsx?$/, "").split(".");
  const segments = parts.filter((p) => p !== "_index" && !p.startsWith("_")).map((p) => (p.startsWith("$") ? "1" : p.replace(/_$/, "")));
  return `/${segments.join("/")}${parts.at(-1) === "_index" ? "?index" : ""}`;
}

const ACTIONS = readdirSync(ROUTES_DIR)
  .filter((file) => /\.tsx?$/.test(file) && !file.includes(".server.") && !NOT_FORMS.has(file))
  .filter((file) => /export (async function|const) action\b/.test(readFileSync(path.join(ROUTES_DIR, file), "utf8")))
  .map((file) => ({ file, url: routeUrl(file) }));

const BASE = `http://127.0.0.1:${PORT}`;
const BOUNDARY = "----issue15";
const BAD_BODIES: { name: string; headers: Record<string, string>; data: string | Buffer; status: number }[] = [
  { name: "JSON", headers: { "content-type": "application/json" }, data: JSON.stringify({ email: "a@b.test", password: "x" }), status: 415 },
  { name: "text/plain", headers: { "content-type": "text/plain;charset=UTF-8" }, data: "email=a@b.test", status: 415 },
  { name: "no content type", headers: {}, data: Buffer.from("email=a@b.test"), status: 415 },
  {
    name: "broken multipart",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test`,
    status: 400,
  },
  { name: "multipart without a boundary", headers: { "content-type": "multipart/form-data" }, data: "email=a", status: 400 },
  { name: "an over-size form", headers: { "content-type": "application/x-www-form-urlencoded" }, data: `a=${"x".repeat(70_000)}`, status: 400 },
];

test("the routes directory has the form actions this spec expects to find", () => {
  // A rename that broke the discovery would otherwise test nothing.
  expect(ACTIONS.length).toBeGreaterThanOrEqual(24);
  expect(ACTIONS.map((a) => a.url)).toEqual(expect.arrayContaining(["/login", "/action/set-language", "/profile?index", "/profile/edit", "/watch/1", "/select-package/1"]));
});

for (const alias of ["alpha", "beta"]) {
  test(`every form action on ${alias} answers 415 or 400 to a body it cannot read, never a 500`, async ({ request }) => {
    const host = `${alias}.localhost:${PORT}`;
    for (const { file, url } of ACTIONS) {
      for (const body of BAD_BODIES) {
        for (const data of [false, true]) {
          // Both as a document post and as a fetcher's data request.
          const target = data ? `${url}${url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(`routes/${file.replace(/\.tsx?$/, "")}`)}` : url;
          // A refused body may be left unread, and the server then closes the connection: never reuse it.
          const headers = { host, origin: `http://${host}`, connection: "close", ...body.headers };
          const response = await request.post(`${BASE}${target}`, { headers, data: body.data, maxRedirects: 0 });
          expect(response.status(), `${file} ${body.name}${data ? " (data)" : ""}`).toBe(body.status);
        }
      }
    }
  });
}

test("a page's unreadable post shows a plain message in the visitor's language", async ({ request }) => {
  for (const [alias, text] of [
    ["alpha", "The form could not be read. Please reload the page and try again."],
    ["beta", "Le formulaire n’a pas pu être lu. Veuillez recharger la page et réessayer."],
  ]) {
    const host = `${alias}.localhost:${PORT}`;
    const response = await request.post(`${BASE}/login`, { headers: { host, "content-type": "application/json" }, data: "{}", maxRedirects: 0 });
    expect(response.status()).toBe(415);
    const html = await response.text();
    expect(html).toContain(text);
    expect(html).not.toMatch(/at [\w.]+ \(|TypeError|SyntaxError/);
  }
});

test("the actions that take no fields still accept an empty post", async ({ request }) => {
  const host = `alpha.localhost:${PORT}`;
  const response = await request.post(`${BASE}/action/logout`, { headers: { host }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
});

const ATTACKS = ["\n", "/faq\nX-Injected: 1", "/%09/evil.example", "/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "/%2F/evil.example"];

test("a redirectTo that is not a same-origin path sends every redirecting action to its fallback", async ({ request }) => {
  const host = `alpha.localhost:${PORT}`;
  const post = (url: string, form: Record<string, string>) => request.post(`${BASE}${url}`, { headers: { host, origin: `http://${host}` }, form, maxRedirects: 0 });
  for (const redirectTo of ATTACKS) {
    for (const [url, form] of [
      ["/action/set-language", { lng: "en", redirectTo }],
      ["/action/accept-cookies", { consent: "accept", redirectTo }],
      ["/action/streams", { intent: "stop", id: "1", redirectTo }],
      ["/action/favorites", { intent: "follow", type: "participant", favoritable_id: "1", redirectTo }],
    ] as const) {
      const response = await post(url, form);
      expect([302, 303], `${url} ${JSON.stringify(redirectTo)}`).toContain(response.status());
      const location = response.headers().location ?? "";
      expect(location.startsWith("/") && !location.startsWith("//") && !/[\s\\]/.test(location), `${url} → ${location}`).toBe(true);
      if (url !== "/action/favorites") expect(location, `${url} ${JSON.stringify(redirectTo)}`).toBe("/");
      // Signed out, following keeps the page in the login link: it must not be the attacker's.
      else expect(location, JSON.stringify(redirectTo)).toBe("/login");
    }
  }
  // A good path still goes through.
  const ok = await post("/action/set-language", { lng: "en", redirectTo: "/faq?x=1" });
  expect(ok.headers().location).toBe("/faq?x=1");
});

test("login sends the visitor home when its redirectTo is not a same-origin path", async ({ playwright }) => {
  const host = `alpha.localhost:${PORT}`;
  for (const redirectTo of ATTACKS) {
    // A fresh cookie jar each time: a signed-in visitor would be sent home by the login page anyway.
    const request = await playwright.request.newContext();
    const response = await request.post(`${BASE}/login`, {
      headers: { host, origin: `http://${host}` },
      form: { email: "fan@alpha.test", password: "Password123!", redirectTo },
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(redirectTo)).toBe(302);
    expect(response.headers().location, JSON.stringify(redirectTo)).toBe("/");
    expect(response.headers()["set-cookie"]).toContain("sid=");
    await request.dispose();
  }
});
