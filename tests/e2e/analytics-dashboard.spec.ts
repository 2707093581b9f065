// The owner's analytics page (issue 14): records sent to the analytics service as a browser would (a visit, a viewer
// playing an event now with its startup time and rebuffering) show in the owner's key figures, "Playing now" and
// "Most watched"; a failed form shows in the request-error log without its password; a viewer who is not the owner
// gets the not-found page; the page passes axe and its charts' numbers open from the keyboard. Each test's channel is
// its own, so its records are the only ones there. The French channel's page is in french.spec.ts.
import { expect, expectAccessible, hydrated, test, visit } from "./fixtures";
import { sendRecord } from "./support/analytics";
import { copy, fill } from "./support/copy";
import { listEvents } from "./support/events";

const c = copy("en", "analytics");
const menu = copy("en", "auth").menu;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("shows a viewer playing now, the most watched event, the key figures and the request-error log", async ({ page, request, ownChannel: ch, signIn }) => {
  const [event] = await listEvents(request, ch, "finished", "free");
  expect(event, "a finished event").toBeTruthy();
  const session = crypto.randomUUID();
  const view = crypto.randomUUID();
  await sendRecord(request, ch, "session/", { session, device_type: "mobile", user_agent: encodeURIComponent("Mozilla/5.0 (iPhone)"), resolution: "390x844", platform: "web" });
  await sendRecord(request, ch, "event/", { session_uuid: session, event: "visit_page", origin: ch.url("/"), extra: { title: "Home" } });
  await sendRecord(request, ch, "video/event/", { session_uuid: session, video_view_uuid: view, stream_id: event!.id, stream_type: "replay", event: "first_frame", startup_ms: 640 });
  await sendRecord(request, ch, "video/viewing/", { session_uuid: session, video_view_uuid: view, stream_id: event!.id, stream_type: "replay", viewing_time: 30, rebuffer_time: 0.5 });

  // A registration refused by the API (a password the API finds too short) lands in the log, without it.
  const marker = "lou-log@example.test";
  const refused = await request.post(ch.apiUrl("v2/auth/register"), {
    headers: ch.headers,
    data: { api_key: await ch.apiKey(), first_name: "Lou", last_name: "Log", email: marker, password: "x1", password_confirmation: "x1", terms: true },
  });
  expect(refused.status()).toBe(422);

  await signIn(ch, "owner");
  await visit(page, ch.url("/"));
  await page.locator("header details.user-menu summary").click();
  await page.getByRole("link", { name: menu.analytics }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: c.page.title })).toBeVisible();

  const kpi = (name: string) => page.locator(`[data-kpi="${name}"] .kpi__value`);
  await expect(kpi("now")).not.toHaveText("0");
  for (const name of ["visits", "viewers", "minutes"]) expect(Number((await kpi(name).innerText()).replace(/[^\d]/g, "")), name).toBeGreaterThan(0);
  await expect(kpi("startup")).toContainText("ms");
  await expect(page.getByTestId("playing-now")).toContainText(event!.name);
  await expect(page.getByTestId("top-streams").getByRole("row", { name: new RegExp(escape(event!.name)) })).toContainText(c.types.replay);

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

test("a period can be chosen, and a reversed one is said at the form", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "owner");
  await visit(page, ch.url("/analytics"));
  await page.getByRole("link", { name: fill(c.page.presets, { count: 7 }) }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.locator(".chart__numbers").first().locator("tbody tr")).toHaveCount(7);
  await page.getByLabel(c.page.from, { exact: true }).fill("2026-11-20");
  await page.getByLabel(c.page.to, { exact: true }).fill("2026-11-10");
  await page.getByRole("button", { name: c.page.show }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel(c.page.from, { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("is the not-found page for a viewer who is not the owner", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "fan");
  const res = await page.goto(ch.url("/analytics"));
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await page.locator("header details.user-menu summary").click();
  await expect(page.getByRole("link", { name: menu.analytics })).toHaveCount(0);
});
