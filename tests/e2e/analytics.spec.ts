// Analytics end to end (issue 14), on both channels, against the real ingestion: a visitor arriving from a campaign
// link browses, registers (a login), watches a free live event for 10 s, buys a pay-per-view event with 4242 and
// moves on; every record is then read back from the store (D1, through GET /api/dev/analytics?session=) with the
// right fields, and the channel's owner finds the watched event and the sale on /analytics.
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { CHANNELS, type Channel, login, newUser, openLatestMail, PASSWORD, register, url } from "./auth-helpers";
import { payButton, ppvEvents, typeCard } from "./commerce-helpers";
import { PORT, expect, test } from "./fixtures";
import { apiKey, expectPlaying, findEvent } from "./watch-helpers";
import { VIEWING_INTERVAL_S } from "../../api/contract/datalake-constants";

type CommerceCopy = typeof import("../../app/locales/en/commerce.json");
const commerce = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/commerce.json`, "utf8")) as CommerceCopy;
const profileOf = (alias: string) => (JSON.parse(readFileSync(`tenants/${alias}/channel.json`, "utf8")) as { settings: Record<string, string> }).settings["yare-analytics"];

interface Stored {
  kind: "session" | "event" | "video_event" | "viewing";
  name: string | null;
  session_uuid: string;
  user_id: number | null;
  video_view_uuid: string | null;
  stream_type: string | null;
  stream_id: number | null;
  value: number | null;
  trk: string | null;
  data: Record<string, unknown>;
}

async function stored(request: APIRequestContext, ch: Channel, session: string): Promise<Stored[]> {
  const key = await apiKey(request, ch.alias);
  const res = await request.get(`http://127.0.0.1:${PORT}/api/dev/analytics?session=${session}&api_key=${key}`, { headers: { host: `${ch.alias}.localhost:${PORT}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Stored[] }).data;
}

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";

  test(`${ch.alias} (${lang}): browse, register, watch 10 s and buy — each record is stored with its fields, and the owner sees it`, async ({ page, request, browser }, testInfo) => {
    test.setTimeout(150_000);
    const live = await findEvent(request, ch.alias, "live", "free", { noPreroll: true });
    const [ppv] = await ppvEvents(request, ch.alias);
    const trk = `e2e-${ch.alias}-${testInfo.workerIndex}`;
    await page.addInitScript(() => window.localStorage.setItem("rudy_analytics", "on"));

    await page.goto(url(ch, `/?trk=${trk}`));
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const user = newUser(testInfo, `analytics-${crypto.randomUUID().slice(0, 8)}`);
    await register(page, ch, user);
    await openLatestMail(page, ch, user.email, "verify_email");

    await page.goto(url(ch, "/"));
    await page.locator(`main a[href="/watch/${live}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/watch/${live}$`));
    await expectPlaying(page, 10);

    await page.goto(url(ch, `/buy?event_id=${ppv}`));
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await typeCard(page, commerce(lang), "4242424242424242");
    await payButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/watch/${ppv}$`), { timeout: 20_000 });
    await page.locator('.site-nav a[href="/schedule"]').first().click();
    await expect(page).toHaveURL(/\/schedule$/);

    const session = await page.evaluate(() => (JSON.parse(window.localStorage.getItem("rudy_analytics_session") ?? "{}") as { id?: string }).id ?? "");
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    // Batches leave within seconds (5 s after their first record, at once when the page hides).
    await expect
      .poll(async () => (await stored(request, ch, session)).some((r) => r.kind === "event" && r.name === "visit_page" && String(r.data.origin).endsWith("/schedule")), { timeout: 30_000 })
      .toBe(true);
    const rows = await stored(request, ch, session);

    // One session, with the device and the campaign (created before anything is sent, though the first page view
    // happened before it, so it is not always the earliest record).
    const sessions = rows.filter((r) => r.kind === "session");
    expect(sessions).toEqual([expect.objectContaining({ name: "desktop", trk, data: expect.objectContaining({ platform: "web", resolution: expect.stringMatching(/^\d+x\d+$/) }) })]);
    expect(rows.every((r) => r.session_uuid === session && r.trk === trk)).toBe(true);

    // Pages, the registration's sign-in, and the page's data requests.
    const pages = rows.filter((r) => r.kind === "event" && r.name === "visit_page").map((r) => new URL(String(r.data.origin)).pathname);
    for (const path of ["/", "/registration", `/watch/${live}`, "/buy", `/watch/${ppv}`, "/schedule"]) expect(pages, path).toContain(path);
    const signIn = rows.find((r) => r.kind === "event" && r.name === "login");
    expect(signIn?.user_id).toBeGreaterThan(0);
    const userId = signIn!.user_id;
    expect(rows.filter((r) => r.kind === "event" && r.name === "api_request").some((r) => typeof r.value === "number" && typeof r.data.status === "number")).toBe(true);

    // The live event's player: its events on one video view, its startup time, and about 10 s watched.
    const video = rows.filter((r) => r.kind === "video_event" && r.stream_id === live);
    for (const name of ["ready", "play", "first_frame"]) expect(video.map((v) => v.name), name).toContain(name);
    expect(video.every((v) => v.stream_type === "live" && v.user_id === userId)).toBe(true);
    expect(video.find((v) => v.name === "first_frame")?.value).toBeGreaterThan(0);
    const viewing = rows.filter((r) => r.kind === "viewing" && r.stream_id === live);
    expect(viewing.reduce((sum, v) => sum + (v.value ?? 0), 0)).toBeGreaterThan(8);
    expect(new Set([...video, ...viewing].map((v) => v.video_view_uuid)).size).toBe(1);

    // Nothing of another channel: the same session is unknown there.
    const other = CHANNELS.find((x) => x.alias !== ch.alias)!;
    expect(await stored(request, other, session)).toEqual([]);
    expect(profileOf(ch.alias)).not.toBe(profileOf(other.alias));

    // The owner sees the watched event among the most watched, and the sale.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await login(owner, ch, `owner@${ch.alias}.test`, PASSWORD);
    await owner.goto(url(ch, "/analytics"));
    const key = await apiKey(request, ch.alias);
    const event = await request.get(`http://127.0.0.1:${PORT}/api/events/${live}?api_key=${key}`, { headers: { host: `${ch.alias}.localhost:${PORT}` } });
    const { name } = ((await event.json()) as { data: { name: string } }).data;
    await expect(owner.getByTestId("top-streams")).toContainText(name);
    expect(Number((await owner.locator('[data-kpi="minutes"] .kpi__value').innerText()).replace(/[^\d]/g, ""))).toBeGreaterThan(0);
    expect(Number((await owner.locator('[data-kpi="sales"] .kpi__value').innerText()).replace(/[^\d]/g, ""))).toBeGreaterThan(0);
    await ownerContext.close();
  });
}

test("alpha: a visitor who moves on before the analytics client has loaded (in the page, by a full load, by registering, to a playing event) keeps every page, the campaign on every record and the login", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const ch = CHANNELS[0];
  const trk = `e2e-slow-${crypto.randomUUID().slice(0, 8)}`;
  await page.addInitScript(() => window.localStorage.setItem("rudy_analytics", "on"));
  // The client's chunk arrives only after the visitor has moved on.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/browser-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // What the tab keeps for the client meanwhile: each page once the page has shown it (a page left in the very
  // instant its address changed, before it rendered, is not one the visitor saw).
  const waiting = () =>
    page.evaluate(() => (JSON.parse(window.sessionStorage.getItem("rudy_analytics_waiting") ?? "[]") as { page?: { url: string } }[]).flatMap((e) => (e.page ? [new URL(e.page.url).pathname] : [])));
  await page.goto(url(ch, `/?trk=${trk}`));
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator('.site-nav a[href="/schedule"]').first().click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect.poll(waiting).toEqual(["/", "/schedule"]);
  // Then full page loads, still before the chunk: what waited is not lost with the page. The visitor registers, which
  // signs them in.
  await page.goto(url(ch, "/faq"));
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await register(page, ch, newUser(testInfo, `analytics-slow-${crypto.randomUUID().slice(0, 8)}`));
  await expect.poll(waiting).toEqual(["/", "/schedule", "/faq", "/registration", "/verify-notice"]);
  // Last, a live event already playing when the chunk arrives: the client starts in the middle of the player's
  // events and the page's data requests, and each must find the campaign the landing page brought.
  const id = await findEvent(request, ch.alias, "live", "free", { noPreroll: true });
  await page.goto(url(ch, `/watch/${id}`));
  await expectPlaying(page, 3);
  const paths = ["/", "/schedule", "/faq", "/registration", "/verify-notice", `/watch/${id}`];
  await expect.poll(waiting).toEqual(paths);
  release();

  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("rudy_analytics_session")), { timeout: 15_000 }).not.toBeNull();
  const session = await page.evaluate(() => (JSON.parse(window.localStorage.getItem("rudy_analytics_session") ?? "{}") as { id?: string }).id ?? "");
  const pages = async () =>
    (await stored(request, ch, session)).filter((r) => r.kind === "event" && r.name === "visit_page").map((r) => ({ path: new URL(String(r.data.origin)).pathname, trk: r.trk }));
  await expect.poll(pages, { timeout: 30_000 }).toEqual(paths.map((path) => ({ path, trk })));
  // The player was playing before the client started: the client joins its view as playing and reports the time
  // watched at the interval (VIEWING_INTERVAL_S).
  await expect.poll(async () => (await stored(request, ch, session)).filter((r) => r.kind === "viewing").length, { timeout: (VIEWING_INTERVAL_S + 20) * 1000 }).toBeGreaterThan(0);
  const rows = await stored(request, ch, session);
  expect(rows.find((r) => r.kind === "session")).toMatchObject({ trk });
  // Every record, the player's events included, carries the campaign.
  expect(rows.filter((r) => r.trk !== trk).map((r) => `${r.kind} ${r.name}`)).toEqual([]);
  // The client learnt the visitor was signed out before they registered: the sign-in counts as a login, theirs.
  const logins = rows.filter((r) => r.kind === "event" && r.name === "login");
  expect(logins).toEqual([expect.objectContaining({ user_id: expect.any(Number), trk })]);
  expect(new URL(String(logins[0].data.origin)).pathname).toBe("/verify-notice");
});
