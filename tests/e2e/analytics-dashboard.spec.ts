// The owner's analytics page (issue 14), on both channels: records sent to the analytics service as a browser would
// (a visit, a viewer playing an event now with its startup time and rebuffering) show in the owner's key figures,
// "Playing now" and "Most watched"; a failed form shows in the request-error log without its password; a viewer who
// is not the owner gets the not-found page; the page passes axe and its charts' numbers open from the keyboard.
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { CHANNELS, type Channel, login, PASSWORD, url } from "./auth-helpers";
import { events } from "./commerce-helpers";
import { PORT, expect, expectAccessible, test } from "./fixtures";

const copy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/analytics.json`, "utf8")) as typeof import("../../app/locales/en/analytics.json");
const profileOf = (alias: string) => (JSON.parse(readFileSync(`tenants/${alias}/channel.json`, "utf8")) as { settings: Record<string, string> }).settings["yare-analytics"];
const api = (path: string) => `http://127.0.0.1:${PORT}/api/${path}`;
const host = (ch: Channel) => ({ host: `${ch.alias}.localhost:${PORT}` });

/** Sends one record to the analytics service as the browser client does (no api key, the channel's profile). */
async function send(request: APIRequestContext, ch: Channel, path: string, record: Record<string, unknown>) {
  const res = await request.post(api(`datalake/${path}`), { headers: host(ch), data: { profile: profileOf(ch.alias), ...record } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(204);
}

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";
  const c = copy(lang);

  test.describe(`${ch.alias} (${lang}): the owner's analytics`, () => {
    test("shows a viewer playing now, the most watched event, the key figures and the request-error log", async ({ page, request }) => {
      const [event] = (await events(request, ch.alias, "")) as unknown as { id: number; name: string }[];
      const session = crypto.randomUUID();
      const view = crypto.randomUUID();
      await send(request, ch, "session/", { session, device_type: "mobile", user_agent: encodeURIComponent("Mozilla/5.0 (iPhone)"), resolution: "390x844", platform: "web" });
      await send(request, ch, "event/", { session_uuid: session, event: "visit_page", origin: url(ch, "/"), extra: { title: "Home" } });
      await send(request, ch, "video/event/", { session_uuid: session, video_view_uuid: view, stream_id: event.id, stream_type: "replay", event: "first_frame", startup_ms: 640 });
      await send(request, ch, "video/viewing/", { session_uuid: session, video_view_uuid: view, stream_id: event.id, stream_type: "replay", viewing_time: 30, rebuffer_time: 0.5 });

      // A registration refused by the API (a password the API finds too short) lands in the log, without it.
      const key = ((await (await request.post(api("get_api_key"), { headers: host(ch), data: { channel_key: channelKey(ch) } })).json()) as { data: { api_key: string } }).data.api_key;
      const marker = `log-${crypto.randomUUID().slice(0, 8)}@example.test`;
      const refused = await request.post(api("v2/auth/register"), { headers: host(ch), data: { api_key: key, first_name: "Lou", last_name: "Log", email: marker, password: "x1", password_confirmation: "x1", terms: true } });
      expect(refused.status()).toBe(422);

      await login(page, ch, `owner@${ch.alias}.test`, PASSWORD);
      await page.locator("header details.user-menu summary").click();
      await page.getByRole("link", { name: ch.alias === "alpha" ? "Analytics" : "Statistiques" }).click();
      await expect(page).toHaveURL(/\/analytics$/);
      await expect(page.getByRole("heading", { level: 1, name: c.page.title })).toBeVisible();

      const kpi = (name: string) => page.locator(`[data-kpi="${name}"] .kpi__value`);
      await expect(kpi("now")).not.toHaveText("0");
      for (const name of ["visits", "viewers", "minutes"]) expect(Number((await kpi(name).innerText()).replace(/[^\d]/g, "")), name).toBeGreaterThan(0);
      await expect(kpi("startup")).toContainText("ms");
      await expect(page.getByTestId("playing-now")).toContainText(event.name);
      await expect(page.getByTestId("top-streams").getByRole("row", { name: new RegExp(escape(event.name)) })).toContainText(c.types.replay);

      const logged = page.getByTestId("request-errors").getByRole("row").filter({ hasText: marker });
      await expect(logged).toContainText("POST /api/v2/auth/register");
      await expect(logged).toContainText("422");
      await expect(logged).toContainText("password=[removed]");
      await expect(page.getByTestId("request-errors")).not.toContainText("password=x1");

      // A chart's numbers open from the keyboard.
      const numbers = page.locator(".chart__numbers").first();
      await numbers.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(numbers.getByRole("table")).toBeVisible();
      await expectAccessible(page);
    });

    test("a period can be chosen, and a reversed one is said at the form", async ({ page }) => {
      await login(page, ch, `owner@${ch.alias}.test`, PASSWORD);
      await page.goto(url(ch, "/analytics"));
      await page.getByRole("link", { name: c.page.presets.replace("{{count}}", "7") }).click();
      await expect(page).toHaveURL(/days=7/);
      await expect(page.locator(".chart__numbers").first().locator("tbody tr")).toHaveCount(7);
      await page.getByLabel(c.page.from, { exact: true }).fill("2026-11-20");
      await page.getByLabel(c.page.to, { exact: true }).fill("2026-11-10");
      await page.getByRole("button", { name: c.page.show }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page.getByLabel(c.page.from, { exact: true })).toHaveAttribute("aria-invalid", "true");
    });

    test("is the not-found page for a viewer who is not the owner", async ({ page }) => {
      await login(page, ch, `fan@${ch.alias}.test`, PASSWORD);
      const res = await page.goto(url(ch, "/analytics"));
      expect(res?.status()).toBe(404);
      await page.locator("header details.user-menu summary").click();
      await expect(page.getByRole("link", { name: ch.alias === "alpha" ? "Analytics" : "Statistiques" })).toHaveCount(0);
    });
  });
}

function channelKey(ch: Channel): string {
  return (JSON.parse(readFileSync(`tenants/${ch.alias}/channel.json`, "utf8")) as { channel_key: string }).channel_key;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
