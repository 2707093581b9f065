// Event download on /watch/{id} (issue 5, SPEC §4/§7): the demo viewer (the annual plan, with the download
// capability) downloads a finished event as an MP4, the page stays, and the allowance shown drops by one. The file is
// built from every segment of the event, so the test's channel has a one-minute finished game to download rather
// than a two-hour one. The French channel's download section is in french.spec.ts.
import { readFile } from "node:fs/promises";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";
import { addEvents, findEventNamed } from "./support/events";

const t = copy("en", "player");
const SHORT_GAME = "One-minute scrimmage";

test.use({ channelSetup: { edit: addEvents({ key: "short-scrimmage", name: SHORT_GAME, access_type: "free", start: { minutes: -30 }, duration: 1 }) } });

test("the demo viewer downloads a finished event", async ({ page, request, ownChannel: ch, signIn }) => {
  const id = await findEventNamed(request, ch, "finished", "free", SHORT_GAME);
  await signIn(ch, "viewer");
  await visit(page, ch.url(`/watch/${id}`));

  const section = page.getByRole("region", { name: t.download.button });
  const left = section.locator("[data-remaining]");
  await expect(left).toBeVisible();
  const before = Number(await left.getAttribute("data-remaining"));
  expect(before, "downloads left before").toBeGreaterThan(0);
  await expectAccessible(page);

  const started = page.waitForEvent("download");
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
  const remaining = new Intl.PluralRules("en").select(before - 1) === "one" ? t.download.remaining_one : t.download.remaining_other;
  await expect(left).toHaveText(fill(remaining, { count: before - 1 }));
});
