// /watch_library/{id} (issue 5): a free library video plays for anyone; one that needs `vod_media` asks a visitor to
// log in and then plays for the demo viewer (whose annual plan includes vod_media). The French channel's library
// page is in french.spec.ts.
import { expect, expectAccessible, test, visit } from "./fixtures";
import { fillLogin } from "./support/accounts";
import { copy } from "./support/copy";
import { findVodItem } from "./support/events";
import { expectPlaying, player } from "./support/player";

const t = copy("en", "player");
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("a free library video plays for anyone", async ({ page, request, sharedChannel: ch }) => {
  const item = await findVodItem(request, ch, false);
  await visit(page, ch.url(`/watch_library/${item.id}`));
  await expect(page.getByRole("heading", { level: 1, name: item.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${escaped(item.title)}`));
  await expectPlaying(page);
  await expect(player(page)).toHaveAttribute("data-live", "false");
  await expectAccessible(page);
});

test("a vod_media video asks a visitor to log in, then plays for the viewer", async ({ page, request, ownChannel: ch }) => {
  const item = await findVodItem(request, ch, true);
  const path = `/watch_library/${item.id}`;
  await visit(page, ch.url(path));
  const prompt = page.getByTestId("watch-login");
  await expect(prompt).toContainText(t.login.titleVideo);
  await expect(prompt.getByRole("link", { name: t.login.register })).toHaveAttribute("href", `/registration?redirectTo=${encodeURIComponent(path)}`);
  await expect(page.locator("video")).toHaveCount(0);
  await expectAccessible(page);

  // The prompt's log-in link comes back here once signed in (the form is the way this round trip is proved).
  await prompt.getByRole("link", { name: t.login.login }).click();
  const viewer = ch.user("viewer");
  await fillLogin(page, ch.lang, viewer.email, viewer.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expectPlaying(page);
});
