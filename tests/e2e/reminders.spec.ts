// "Remind me" (issue 12) on both channels: a new account sets a reminder on an upcoming event with the keyboard
// only; the event is moved to start within the hour (dev route) and the reminder run is asked with a clock past the
// reminder time (the "dev clock"): the mail is in /dev/outbox, in the channel's language, with the watch, calendar
// and unsubscribe links; the unsubscribe link asks first, then stops the reminders. Signed out, the button is a
// link to log in that comes back to the event; without JavaScript the button posts the page and comes back to it. axe
// on the watch and unsubscribe pages.
// Each test uses its own upcoming ppv event (the furthest ones: other specs take the first free ones).
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { CHANNELS, login, newUser, register, seeded, url, type Channel } from "./auth-helpers";
import { PORT, acceptCookies, expect, expectAccessible, test } from "./fixtures";
import { apiKey } from "./watch-helpers";

type RemindersCopy = typeof import("../../app/locales/en/reminders.json");
const copy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/reminders.json`, "utf8")) as RemindersCopy;
const langOf = (ch: Channel) => (ch.alias === "beta" ? "fr" : "en");
const host = (alias: string) => ({ host: `${alias}.localhost:${PORT}` });
const api = (path: string) => `http://127.0.0.1:${PORT}/api/${path}`;
const LEAD_MS = 30 * 60_000;

/** The upcoming ppv events of the channel, furthest first; `rank` picks one (each test its own). */
async function upcomingEvent(request: APIRequestContext, alias: string, rank: number): Promise<number> {
  const key = await apiKey(request, alias);
  const res = await request.get(api(`events?api_key=${key}&status=upcoming&access_type=ppv&limit=50`), { headers: host(alias) });
  expect(res.status()).toBe(200);
  const list = ((await res.json()) as { data: { id: number; event_utc_ts: string }[] }).data.sort((a, b) => Date.parse(b.event_utc_ts) - Date.parse(a.event_utc_ts));
  expect(list.length, `${alias}: upcoming ppv events`).toBeGreaterThan(rank);
  return list[rank]!.id;
}

interface Mail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

async function reminderMail(request: APIRequestContext, alias: string, to: string): Promise<Mail | undefined> {
  const key = await apiKey(request, alias);
  const res = await request.get(api(`dev/outbox?api_key=${key}&limit=200`), { headers: host(alias) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Mail[] }).data.find((m) => m.to === to && m.kind === "event_reminder");
}

/** Tabs from the top of the page until `target` has the focus. */
async function tabTo(page: Page, name: string) {
  const target = page.getByRole("button", { name, exact: true });
  await page.locator("body").focus();
  for (let i = 0; i < 60 && !(await target.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
  return target;
}

for (const ch of CHANNELS) {
  const lang = langOf(ch);
  const t = copy(lang);

  test(`${ch.alias} (${lang}): Remind me with the keyboard, the mail when the dev clock passes, unsubscribe`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const id = await upcomingEvent(request, ch.alias, 0);
    const user = newUser(testInfo, `remind-${ch.alias}`);
    await register(page, ch, user);
    await page.goto(url(ch, `/watch/${id}`));
    await acceptCookies(page);
    await expect(page.getByTestId("watch-countdown")).toBeVisible();
    // The button is a fetcher's form: pressed before the page has hydrated it would post the document.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

    const button = await tabTo(page, t.button.add);
    await expect(button).toHaveAttribute("aria-pressed", "false");
    const saved = page.waitForResponse((r) => r.url().includes("/action/reminders") && r.request().method() === "POST");
    await page.keyboard.press("Enter");
    const set = page.getByRole("button", { name: t.button.set, exact: true });
    await expect(set).toHaveAttribute("aria-pressed", "true");
    expect((await saved).status()).toBe(200);
    await expectAccessible(page);
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.getByTestId("watch-countdown").scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`remind-${ch.alias}-${width}.png`) });
    }
    // The server kept it.
    await page.reload();
    await expect(page.getByRole("button", { name: t.button.set, exact: true })).toHaveAttribute("aria-pressed", "true");

    // The dev clock: the event starts within the hour, and the run is asked as of 20 minutes before its start.
    const key = await apiKey(request, ch.alias);
    const moved = await request.post(api(`dev/events/${id}/schedule`), { headers: host(ch.alias), data: { api_key: key, starts_in_s: 3600, duration_s: 3600 } });
    expect(moved.status()).toBe(200);
    const startsAt = Date.parse(((await moved.json()) as { data: { starts_at: string } }).data.starts_at);
    expect(await reminderMail(request, ch.alias, user.email)).toBeUndefined();
    const run = await request.post(api("dev/reminders/run-due"), { headers: host(ch.alias), data: { api_key: key, now: new Date(startsAt - LEAD_MS + 10 * 60_000).toISOString() } });
    expect(run.status()).toBe(200);

    const mail = await reminderMail(request, ch.alias, user.email);
    expect(mail, "the reminder mail").toBeTruthy();
    expect(mail!.subject).toMatch(lang === "fr" ? /^Bientôt sur / : /^Starting soon on /);
    const [watch, calendar, unsubscribe] = mail!.links;
    expect(watch).toBe(url(ch, `/watch/${id}`));
    expect(calendar).toBe(url(ch, `/calendar/event/${id}.ics`));
    expect(unsubscribe).toMatch(new RegExp(`^${url(ch, "/reminders/unsubscribe")}\\?user=\\d+&signature=[\\w-]+$`));
    // A second run finds nothing new to send.
    await request.post(api("dev/reminders/run-due"), { headers: host(ch.alias), data: { api_key: key, now: new Date(startsAt - LEAD_MS + 15 * 60_000).toISOString() } });

    // Opening the link only asks; the button unsubscribes.
    await page.goto(unsubscribe!);
    await expect(page.getByRole("heading", { level: 1, name: t.unsubscribe.title })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: t.unsubscribe.confirm }).click();
    await expect(page.getByRole("status")).toHaveText(t.unsubscribe.done);
    await page.screenshot({ path: testInfo.outputPath(`unsubscribe-${ch.alias}.png`) });
    // A forged link is refused.
    await page.goto(unsubscribe!.replace(/signature=[\w-]{4}/, "signature=AAAA"));
    await page.getByRole("button", { name: t.unsubscribe.confirm }).click();
    await expect(page.getByRole("alert")).toHaveText(t.unsubscribe.invalid);
  });

  test(`${ch.alias} (${lang}): without JavaScript, Remind me posts the page and comes back to it, set then removed`, async ({ page, browser, request }, testInfo) => {
    const id = await upcomingEvent(request, ch.alias, 2);
    await register(page, ch, newUser(testInfo, `remind-nojs-${ch.alias}`));
    const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noJs.newPage();
    await plain.goto(url(ch, `/watch/${id}`));
    await plain.getByRole("button", { name: t.button.add, exact: true }).click();
    // Back on the event (not the action's JSON), showing what the server kept.
    await expect(plain).toHaveURL(url(ch, `/watch/${id}`));
    await expect(plain.getByRole("button", { name: t.button.set, exact: true })).toHaveAttribute("aria-pressed", "true");
    await plain.getByRole("button", { name: t.button.set, exact: true }).click();
    await expect(plain).toHaveURL(url(ch, `/watch/${id}`));
    await expect(plain.getByRole("button", { name: t.button.add, exact: true })).toHaveAttribute("aria-pressed", "false");
    await noJs.close();
  });

  test(`${ch.alias} (${lang}): signed out, Remind me asks to log in and comes back to the event`, async ({ page, request }) => {
    const id = await upcomingEvent(request, ch.alias, 1);
    await page.goto(url(ch, `/watch/${id}`));
    await acceptCookies(page);
    const link = page.getByRole("link", { name: t.button.login });
    await expect(link).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`/watch/${id}`)}`);
    await expectAccessible(page);
    await link.click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    const fan = seeded(ch.alias).fan;
    await login(page, ch, fan.email, fan.password);
    await expect(page).toHaveURL(url(ch, `/watch/${id}`));
    await expect(page.getByRole("button", { name: t.button.add, exact: true })).toHaveAttribute("aria-pressed", "false");
  });
}
