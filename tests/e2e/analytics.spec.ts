// Analytics end to end (issue 14), against the real ingestion: a visitor arriving from a campaign link browses,
// registers (a login), watches a free live event for 10 s, buys a pay-per-view event with 4242 and moves on; every
// record is then read back from the store (D1, through GET /api/dev/analytics?session=) with the right fields, and
// the channel's owner finds the watched event and the sale on /analytics. Each test's channel is its own (its live
// event plays, its records are the only ones); the client's batches and viewing reports go on Playwright's clock.
import { VIEWING_INTERVAL_S } from "../../api/contract/datalake-constants";
import { expect, signIn as signInBrowser, test, visit } from "./fixtures";
import { latestMailLink, newUser, register } from "./support/accounts";
import { analyticsProfile, analyticsSession, pollFlushed, storedRecords, turnAnalyticsOn } from "./support/analytics";
import { apiGet, apiSignIn } from "./support/api";
import { payButton, ppvEvents, runOrderPoll, typeCard } from "./support/commerce";
import { copy } from "./support/copy";
import { findEvent } from "./support/events";
import { currentTime, expectPlaying } from "./support/player";

const commerce = copy("en", "commerce");
const plain = { noPreroll: true };

test("browse, register, watch 10 s and buy — each record is stored with its fields, and the owner sees it", async ({ page, request, browser, ownChannel: ch, loadChannel }, testInfo) => {
  test.setTimeout(150_000);
  const live = await findEvent(request, ch, "live", "free", plain);
  const [ppv] = await ppvEvents(request, ch);
  const trk = "e2e-journey";
  await turnAnalyticsOn(page);
  await page.clock.install();

  await visit(page, ch.url(`/?trk=${trk}`));
  const user = newUser(testInfo, "analytics");
  await register(page, ch, user);
  await visit(page, new URL(await latestMailLink(request, ch, user.email, "verify_email"), ch.origin).href);

  await visit(page, ch.url("/"));
  await page.locator(`main a[href="/watch/${live}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/watch/${live}$`));
  // A recorded time: the viewing reports must add up to about 10 s.
  await expectPlaying(page, 10);

  await visit(page, ch.url(`/buy?event_id=${ppv}`));
  await typeCard(page, commerce, "4242424242424242");
  await payButton(page).click();
  await runOrderPoll(page, request, ch, await apiSignIn(request, ch, user.email, user.password));
  await expect(page).toHaveURL(new RegExp(`/watch/${ppv}$`));
  await page.locator('.site-nav a[href="/schedule"]').first().click();
  await expect(page).toHaveURL(/\/schedule$/);

  const session = await analyticsSession(page);
  expect(session).toMatch(/^[0-9a-f-]{36}$/);
  // Batches leave 5 s after their first record (at once when the page hides).
  await pollFlushed(
    page,
    async () => (await storedRecords(request, ch, session)).some((r) => r.kind === "event" && r.name === "visit_page" && String(r.data.origin).endsWith("/schedule")),
    "the last page stored",
  ).toBe(true);
  const rows = await storedRecords(request, ch, session);

  // One session, with the device and the campaign (created before anything is sent, though the first page view
  // happened before it, so it is not always the earliest record).
  const sessions = rows.filter((r) => r.kind === "session");
  expect(sessions).toEqual([expect.objectContaining({ name: "desktop", trk, data: expect.objectContaining({ platform: "web", resolution: expect.stringMatching(/^\d+x\d+$/) }) })]);
  expect(rows.every((r) => r.session_uuid === session && r.trk === trk)).toBe(true);

  // Pages, the registration's sign-in, and the page's data requests.
  const pages = rows.filter((r) => r.kind === "event" && r.name === "visit_page").map((r) => new URL(String(r.data.origin)).pathname);
  for (const path of ["/", "/registration", `/watch/${live}`, "/buy", `/watch/${ppv}`, "/schedule"]) expect(pages, path).toContain(path);
  const signedIn = rows.find((r) => r.kind === "event" && r.name === "login");
  expect(signedIn?.user_id).toBeGreaterThan(0);
  const userId = signedIn!.user_id;
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
  const other = await loadChannel("beta");
  expect(await storedRecords(request, other, session)).toEqual([]);
  expect(analyticsProfile(ch)).not.toBe(analyticsProfile(other));

  // The owner sees the watched event among the most watched, and the sale.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInBrowser(ownerContext, request, ch, "owner");
  await visit(owner, ch.url("/analytics"));
  const { name } = await apiGet<{ name: string }>(request, ch, `events/${live}`);
  await expect(owner.getByTestId("top-streams")).toContainText(name);
  expect(Number((await owner.locator('[data-kpi="minutes"] .kpi__value').innerText()).replace(/[^\d]/g, ""))).toBeGreaterThan(0);
  expect(Number((await owner.locator('[data-kpi="sales"] .kpi__value').innerText()).replace(/[^\d]/g, ""))).toBeGreaterThan(0);
  await ownerContext.close();
});

test("a visitor who moves on before the analytics client has loaded (in the page, by a full load, by registering, to a playing event) keeps every page, the campaign on every record and the login", async ({
  page,
  request,
  ownChannel: ch,
}, testInfo) => {
  test.setTimeout(120_000);
  const trk = "e2e-slow";
  await turnAnalyticsOn(page);
  // The client's chunk arrives only after the visitor has moved on.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/browser-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  // What the tab keeps for the client meanwhile: each page once the page has shown it (a page left in the very
  // instant its address changed, before it rendered, is not one the visitor saw).
  const waiting = () =>
    page.evaluate(() => (JSON.parse(window.sessionStorage.getItem("rudy_analytics_waiting") ?? "[]") as { page?: { url: string } }[]).flatMap((e) => (e.page ? [new URL(e.page.url).pathname] : [])));
  await visit(page, ch.url(`/?trk=${trk}`));
  await page.locator('.site-nav a[href="/schedule"]').first().click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect.poll(waiting).toEqual(["/", "/schedule"]);
  // Then full page loads, still before the chunk: what waited is not lost with the page. The visitor registers, which
  // signs them in.
  await visit(page, ch.url("/faq"));
  await register(page, ch, newUser(testInfo, "analytics-slow"));
  await expect.poll(waiting).toEqual(["/", "/schedule", "/faq", "/registration", "/verify-notice"]);
  // Last, a live event already playing when the chunk arrives: the client starts in the middle of the player's
  // events and the page's data requests, and each must find the campaign the landing page brought.
  const id = await findEvent(request, ch, "live", "free", plain);
  await visit(page, ch.url(`/watch/${id}`));
  await expectPlaying(page);
  const paths = ["/", "/schedule", "/faq", "/registration", "/verify-notice", `/watch/${id}`];
  await expect.poll(waiting).toEqual(paths);
  release();

  await expect.poll(() => analyticsSession(page), { timeout: 15_000 }).toMatch(/^[0-9a-f-]{36}$/);
  const session = await analyticsSession(page);
  const pages = async () =>
    (await storedRecords(request, ch, session)).filter((r) => r.kind === "event" && r.name === "visit_page").map((r) => ({ path: new URL(String(r.data.origin)).pathname, trk: r.trk }));
  await pollFlushed(page, pages, "every page stored").toEqual(paths.map((path) => ({ path, trk })));
  // The player was playing before the client started: the client joins its view as playing (on the playhead moving
  // after it started) and reports the time watched at the interval (VIEWING_INTERVAL_S), on the page's clock.
  const from = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(from + 1);
  await page.clock.runFor(VIEWING_INTERVAL_S * 1000);
  await pollFlushed(page, async () => (await storedRecords(request, ch, session)).filter((r) => r.kind === "viewing").length, "a viewing report").toBeGreaterThan(0);
  const rows = await storedRecords(request, ch, session);
  expect(rows.find((r) => r.kind === "session")).toMatchObject({ trk });
  // Every record, the player's events included, carries the campaign.
  expect(rows.filter((r) => r.trk !== trk).map((r) => `${r.kind} ${r.name}`)).toEqual([]);
  // The client learnt the visitor was signed out before they registered: the sign-in counts as a login, theirs.
  const logins = rows.filter((r) => r.kind === "event" && r.name === "login");
  expect(logins).toEqual([expect.objectContaining({ user_id: expect.any(Number), trk })]);
  expect(new URL(String(logins[0]!.data.origin)).pathname).toBe("/verify-notice");
});
