// The countdown → live switch of /watch/{id} (issue 5) on both channels: an upcoming free event is moved (dev route)
// to start a few seconds from now; the page counts down and, without a reload, the player appears and plays.
// It moves an event other tests list, so playwright.config.ts runs it in its own project after all the others.
import { CHANNELS, url } from "./auth-helpers";
import { PORT, expect, test } from "./fixtures";
import { apiKey, expectPlaying, findEvent, playerCopy } from "./watch-helpers";

const STARTS_IN_S = 8;

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";
  const t = playerCopy(lang);

  test(`${ch.alias} (${lang}): an upcoming event switches to the player when it starts`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const id = await findEvent(request, ch.alias, "upcoming", "free", { noPreroll: true });
    const key = await apiKey(request, ch.alias);
    const res = await request.post(`http://127.0.0.1:${PORT}/api/dev/events/${id}/schedule`, {
      headers: { host: `${ch.alias}.localhost:${PORT}` },
      data: { api_key: key, starts_in_s: STARTS_IN_S, duration_s: 3600 },
    });
    expect(res.status()).toBe(200);

    await page.goto(url(ch, `/watch/${id}`));
    const countdown = page.getByTestId("watch-countdown");
    await expect(countdown).toContainText(t.upcoming.title);
    await expect(countdown.getByRole("timer")).toHaveAttribute("data-seconds", /^[1-9]\d*$/);
    await expect(page.locator(".player")).toHaveCount(0);
    // A marker on the window survives only if the page is never reloaded.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await expect(page.locator(".player")).toBeVisible({ timeout: (STARTS_IN_S + 15) * 1000 });
    await expect(countdown).toHaveCount(0);
    await expectPlaying(page, 2);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
}
