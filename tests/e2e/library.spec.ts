// /watch_library/{id} on both channels (issue 5): a free VOD item plays for anyone; an item that needs `vod_media`
// asks a visitor to log in and then plays for the demo viewer (whose subscription includes vod_media).
import { readFileSync } from "node:fs";
import { CHANNELS, PASSWORD, fillLogin, url } from "./auth-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { expectPlaying, findVodItem } from "./watch-helpers";

type Copy = typeof import("../../app/locales/en/player.json");
const playerCopy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/player.json`, "utf8")) as Copy;

for (const ch of CHANNELS) {
  const lang = ch.alias === "alpha" ? "en" : "fr";
  const t = playerCopy(lang);

  test.describe(ch.alias, () => {
    test("a free VOD item plays for anyone", async ({ page, request }) => {
      const item = await findVodItem(request, ch.alias, false, lang);
      await page.goto(url(ch, `/watch_library/${item.id}`));
      await expect(page.getByRole("heading", { level: 1, name: item.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${item.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      await expectPlaying(page);
      await expect(page.locator(".player")).toHaveAttribute("data-live", "false");
      await expectAccessible(page);
    });

    test("a vod_media item asks a visitor to log in, then plays for the viewer", async ({ page, request }) => {
      const item = await findVodItem(request, ch.alias, true, lang);
      const path = `/watch_library/${item.id}`;
      await page.goto(url(ch, path));
      const prompt = page.getByTestId("watch-login");
      await expect(prompt).toContainText(t.login.titleVideo);
      await expect(prompt.getByRole("link", { name: t.login.register })).toHaveAttribute("href", `/registration?redirectTo=${encodeURIComponent(path)}`);
      await expect(page.locator("video")).toHaveCount(0);
      await expectAccessible(page);

      await prompt.getByRole("link", { name: t.login.login }).click();
      await fillLogin(page, ch, `viewer@${ch.alias}.test`, PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectPlaying(page);
    });
  });
}
