// "Remind me" (issue 12), each test on a channel of its own: a fan sets a reminder on an upcoming event with the
// keyboard only, and the server keeps it. The reminder run (POST /dev/reminders/run-due, the Cron Trigger's task) is
// asked at times counted from the start of an event the channel was loaded with 40 minutes ahead: not due 40 minutes
// before, due once within the 30-minute lead, and never twice; the mail has the watch, calendar and unsubscribe
// links, and the unsubscribe link asks first, then stops the reminders. Signed out, the button is a link to log in
// that comes back to the event; without JavaScript the button posts the page and comes back to it. axe on the watch
// and unsubscribe pages. The French button and mail are french.spec.ts's.
import type { APIRequestContext, Page } from "@playwright/test";
import type { OutboxMail } from "../../api/contract/auth";
import { REMINDER_LEAD_MS, REMINDER_MAIL_KIND, type ReminderRunReport } from "../../api/contract/favorites";
import { acceptCookies, expect, expectAccessible, test, visit, type TestChannel } from "./fixtures";
import { apiGet, apiPost, apiSignIn } from "./support/api";
import { copy } from "./support/copy";
import { editEvents, findEvent, soonestEvent } from "./support/events";

const t = copy("en", "reminders");
const MINUTE = 60_000;

/** The reminder mails of the channel's outbox to `to`. */
const reminderMails = async (request: APIRequestContext, ch: TestChannel, to: string) =>
  (await apiGet<OutboxMail[]>(request, ch, "dev/outbox?limit=200")).filter((m) => m.to === to && m.kind === REMINDER_MAIL_KIND);

/** The reminder run as of `now`, as the Cron Trigger runs it. */
const runDue = (request: APIRequestContext, ch: TestChannel, now: number) => apiPost<ReminderRunReport>(request, ch, "dev/reminders/run-due", { now });

/** Tabs from the top of the page until the button named `name` has the focus. */
async function tabTo(page: Page, name: string) {
  const target = page.getByRole("button", { name, exact: true });
  await page.locator("body").focus();
  for (let i = 0; i < 60 && !(await target.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
  return target;
}

test("Remind me with the keyboard; the server keeps it", async ({ page, request, ownChannel: ch, signIn }) => {
  const id = await findEvent(request, ch, "upcoming", "ppv");
  await signIn(ch, "fan");
  await visit(page, ch.url(`/watch/${id}`));
  await acceptCookies(page);
  await expect(page.getByTestId("watch-countdown")).toBeVisible();

  const button = await tabTo(page, t.button.add);
  await expect(button).toHaveAttribute("aria-pressed", "false");
  const saved = page.waitForResponse((r) => r.url().includes("/action/reminders") && r.request().method() === "POST");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: t.button.set, exact: true })).toHaveAttribute("aria-pressed", "true");
  expect((await saved).status()).toBe(200);
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole("button", { name: t.button.set, exact: true })).toHaveAttribute("aria-pressed", "true");
});

test.describe("the reminder mail", () => {
  // The one event of the channel that starts within the hour: 40 minutes after the load, outside the lead.
  test.use({ channelSetup: { edit: editEvents({ "avac-005": { start: { minutes: 40 } } }) } });

  test("is sent once the run reaches the lead, and only once; its unsubscribe link asks, then stops the reminders", async ({ page, request, ownChannel: ch }) => {
    const event = await soonestEvent(request, ch, "upcoming", "ppv");
    const startsAt = Date.parse(event.event_utc_ts);
    expect(startsAt - ch.loadedAt).toBeLessThanOrEqual(40 * MINUTE);
    const fan = ch.user("fan");
    const token = await apiSignIn(request, ch, fan.email, fan.password);
    await apiPost(request, ch, "reminder", { event_id: event.id }, { token });

    // 40 minutes before the start the run has nothing for it; 25 minutes before, inside the lead, it mails; a later
    // run does not mail again.
    await runDue(request, ch, startsAt - 40 * MINUTE);
    expect(await reminderMails(request, ch, fan.email)).toEqual([]);
    await runDue(request, ch, startsAt - REMINDER_LEAD_MS + 5 * MINUTE);
    await runDue(request, ch, startsAt - REMINDER_LEAD_MS + 10 * MINUTE);
    const mails = await reminderMails(request, ch, fan.email);
    expect(mails, "one reminder mail").toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Starting soon on /);
    const [watch, calendar, unsubscribe] = mails[0]!.links;
    expect(watch).toBe(ch.url(`/watch/${event.id}`));
    expect(calendar).toBe(ch.url(`/calendar/event/${event.id}.ics`));
    expect(unsubscribe).toMatch(new RegExp(`^${ch.url("/reminders/unsubscribe")}\\?user=\\d+&signature=[\\w-]+$`));

    // Opening the link only asks; the button unsubscribes.
    await visit(page, unsubscribe!);
    await expect(page.getByRole("heading", { level: 1, name: t.unsubscribe.title })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: t.unsubscribe.confirm }).click();
    await expect(page.getByRole("status")).toHaveText(t.unsubscribe.done);
    expect(await apiGet<unknown[]>(request, ch, "reminders", { token })).toEqual([]);
    // A forged link is refused.
    await visit(page, unsubscribe!.replace(/signature=[\w-]{4}/, "signature=AAAA"));
    await page.getByRole("button", { name: t.unsubscribe.confirm }).click();
    await expect(page.getByRole("alert")).toHaveText(t.unsubscribe.invalid);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Remind me posts the page and comes back to it, set then removed", async ({ page, request, ownChannel: ch, signIn }) => {
    const id = await findEvent(request, ch, "upcoming", "ppv");
    await signIn(ch, "fan");
    await page.goto(ch.url(`/watch/${id}`));
    await page.getByRole("button", { name: t.button.add, exact: true }).click();
    // Back on the event (not the action's JSON), showing what the server kept.
    await expect(page).toHaveURL(ch.url(`/watch/${id}`));
    await expect(page.getByRole("button", { name: t.button.set, exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: t.button.set, exact: true }).click();
    await expect(page).toHaveURL(ch.url(`/watch/${id}`));
    await expect(page.getByRole("button", { name: t.button.add, exact: true })).toHaveAttribute("aria-pressed", "false");
  });
});

test("signed out, Remind me is a link to log in that comes back to the event", async ({ page, request, ownChannel: ch, signIn }) => {
  const id = await findEvent(request, ch, "upcoming", "ppv");
  await visit(page, ch.url(`/watch/${id}`));
  await acceptCookies(page);
  const link = page.getByRole("link", { name: t.button.login });
  await expect(link).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`/watch/${id}`)}`);
  await expectAccessible(page);
  await link.click();
  await expect(page).toHaveURL(ch.url(`/login?redirectTo=${encodeURIComponent(`/watch/${id}`)}`));
  // The sign-in form's return to redirectTo is auth.spec's; signed in, the event offers the reminder.
  await signIn(ch, "fan");
  await visit(page, ch.url(`/watch/${id}`));
  await expect(page.getByRole("button", { name: t.button.add, exact: true })).toHaveAttribute("aria-pressed", "false");
});
