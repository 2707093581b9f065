// Event download on /watch/{id} (issue 5, SPEC §4/§7) on both channels: the demo viewer (a pass with the download
// capability) downloads a finished event as an MP4, the page stays, and the allowance shown drops by one.
import { readFile } from "node:fs/promises";
import { CHANNELS, PASSWORD, fillLogin, url } from "./auth-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { findEvent, playerCopy } from "./watch-helpers";

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";
  const t = playerCopy(lang);

  test(`${ch.alias} (${lang}): the demo viewer downloads a finished event`, async ({ page, request }) => {
    // The demo events last two hours: the MP4 is built from every stored segment, which takes a while locally.
    test.setTimeout(180_000);
    const id = await findEvent(request, ch.alias, "finished", "free", { noPreroll: true });
    await page.goto(url(ch, `/login?redirectTo=${encodeURIComponent(`/watch/${id}`)}`));
    await fillLogin(page, ch, `viewer@${ch.alias}.test`, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/watch/${id}$`));

    const section = page.getByRole("region", { name: t.download.button });
    const left = section.locator("[data-remaining]");
    await expect(left).toBeVisible();
    const before = Number(await left.getAttribute("data-remaining"));
    expect(before, "downloads left before").toBeGreaterThan(0);
    await expectAccessible(page);

    const started = page.waitForEvent("download", { timeout: 30_000 });
    await section.getByRole("button", { name: t.download.button }).click();
    const download = await started;
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);
    // An MP4 opens with its ftyp box: a 4-byte size, then the type.
    const file = await readFile(await download.path());
    expect(file.length).toBeGreaterThan(1024);
    expect(file.subarray(4, 8).toString("latin1")).toBe("ftyp");

    // The page stayed, and the revalidation after the action shows one download less.
    await expect(page).toHaveURL(new RegExp(`/watch/${id}$`));
    await expect(left).toHaveAttribute("data-remaining", String(before - 1));
    const remaining = new Intl.PluralRules(lang).select(before - 1) === "one" ? t.download.remaining_one : t.download.remaining_other;
    await expect(left).toHaveText(remaining.replace("{{count}}", String(before - 1)));
  });
}
