// Game day (issue 27), on both channels: key plays reach the home of a viewer who follows a team. The channel's
// scorekeeper (an owner account of the test's own) taps two key plays of a live game; once their clips are cut, a
// viewer (an account of the test's own) who follows the home team sees them on home, newest first, each linking to its
// clip's share page, which names the game (a link to its watch page) and lists the game's other key play. The same
// viewer, once they hide scores, gets no rail. The pages pass axe.
import type { KeyPlaysAnswer } from "../../api/contract/scores";
import { expect, expectAccessible, test, visit } from "./fixtures";
import { apiGet, apiPost, apiSignIn } from "./support/api";
import { copy } from "./support/copy";
import { addEvents, findEventNamed } from "./support/events";
import { followByApi, type Game } from "./support/favorites";

const GAME = "Game day on the home rail";
const KEEPER = "rail-keeper@example.test";
const FAN = "rail-fan@example.test";
const PASSWORD = "Rail-Pass-2026!";

test.use({
  channelSetup: {
    edit: addEvents({ key: "rail-game", name: GAME, access_type: "free", start: { minutes: -5 }, duration: 120 }),
    users: [
      { email: KEEPER, password: PASSWORD, role: "owner" },
      { email: FAN, password: PASSWORD },
    ],
  },
});

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template });

    test("a followed team's key plays are on home, each opening its clip's page with the game's other key play; none with scores hidden", async ({ page, request, ownChannel: ch, signIn }) => {
      const t = copy(ch.lang, "scores");
      const sh = copy(ch.lang, "share");
      const id = await findEventNamed(request, ch, "live", "free", GAME);
      const game = await apiGet<Game>(request, ch, `events/${id}`);
      const home = game.participants.find((p) => p.side === "home")!;
      const { token } = await signIn(ch, FAN);
      await followByApi(request, ch, token, "participant", home.id);

      // Two key plays of moments already recorded (the DVR window), so both clips are cut at once.
      const keeper = await apiSignIn(request, ch, KEEPER, PASSWORD);
      const now = Date.now();
      const earlier = { id: crypto.randomUUID(), at: now - 40_000, action: { kind: "key_play", side: "home", player: "7", note: "Block at the rim" } };
      const later = { id: crypto.randomUUID(), at: now - 25_000, action: { kind: "key_play", side: "home", player: "11", note: "Buzzer beater" } };
      await apiPost(request, ch, `events/${id}/score/taps`, { taps: [earlier, later] }, { token: keeper });
      const ready = () => apiGet<KeyPlaysAnswer>(request, ch, `events/${id}/key-plays`);
      await expect.poll(async () => (await ready()).key_plays.filter((k) => k.clip?.share_path).length, { timeout: 60_000 }).toBe(2);
      const shareOf = async (tap: string) => (await ready()).key_plays.find((k) => k.id === tap)!.clip!.share_path!;

      // Home: the rail, newest first, each card a frame with its words and a link to the clip's page.
      await visit(page, ch.url("/"));
      const rail = page.getByRole("region", { name: t.rail.title });
      const cards = rail.getByTestId("key-plays-rail-card");
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toContainText("Buzzer beater");
      await expect(cards.nth(1)).toContainText("Block at the rim");
      await expect(cards.nth(0).getByRole("img")).toHaveAttribute("alt", /Buzzer beater/);
      const link = cards.nth(0).getByRole("link", { name: /Buzzer beater/ });
      await expect(link).toHaveAttribute("href", await shareOf(later.id));
      await expectAccessible(page);

      // The clip's page, reached by keyboard: titled by the play, from the game (a link to its watch page), with the
      // game's other key play.
      await link.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${await shareOf(later.id)}$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Buzzer beater");
      await expect(page.getByText(sh.keyPlay.fromGame).getByRole("link")).toHaveAttribute("href", `/watch/${id}`);
      const others = page.getByRole("region", { name: sh.keyPlay.others });
      await expect(others.getByRole("link")).toHaveCount(1);
      await expect(others.getByRole("link", { name: /Block at the rim/ })).toHaveAttribute("href", await shareOf(earlier.id));
      await expectAccessible(page);

      // Scores hidden on the account: home shows the viewer's teams, and no key plays.
      await apiPost(request, ch, "profile", { _method: "patch", hide_scores: true }, { token });
      await visit(page, ch.url("/"));
      await expect(page.locator('[data-section="your-teams"]')).toBeVisible();
      await expect(page.getByRole("region", { name: t.rail.title })).toHaveCount(0);
    });
  });
}
