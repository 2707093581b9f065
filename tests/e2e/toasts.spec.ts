// Issue 28, SPEC §7–§9 on both channels: toasts (success, info, error; 5 s unless held; closable), flashed across a
// redirect (log out) or raised by the page (follow / unfollow); and the global error state (a 429 or an outage after
// the page is up) with a reload button. Each test has its own channel and fan.
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";
import { logout } from "./support/accounts";
import { copy, fill } from "./support/copy";
import { answered, upcomingGame } from "./support/favorites";

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template });

    test("a follow, an unfollow and a log out are each confirmed by a toast that goes away", async ({ page, request, ownChannel: ch, signIn }) => {
      const t = copy(ch.lang, "common");
      await signIn(ch, "fan");
      const game = await upcomingGame(request, ch);
      const team = game.participants.find((p) => p.side === "home")!;
      await visit(page, ch.url(`/upcoming?team=${team.alias}`));
      await acceptCookies(page);
      const toasts = page.locator(".toasts .toast");
      const follow = page.locator(".featured__action").getByRole("button");
      await answered(page, () => follow.click());
      const followed = toasts.filter({ hasText: fill(t.toasts.following, { name: team.name }) });
      await expect(followed).toBeVisible();
      await expect(followed).toHaveAttribute("data-type", "success");
      await expectAccessible(page);
      // It leaves by itself (SPEC: 5000 ms).
      await expect(followed).toBeHidden({ timeout: 15_000 });

      await answered(page, () => follow.click());
      const unfollowed = toasts.filter({ hasText: fill(t.toasts.unfollowed, { name: team.name }) });
      await expect(unfollowed).toBeVisible();
      // The viewer can close it at once.
      await unfollowed.getByRole("button", { name: t.toasts.close }).click();
      await expect(unfollowed).toBeHidden();

      // Flashed across the log out's redirect, once: a reload does not show it again.
      await logout(page, ch.lang);
      const loggedOut = toasts.filter({ hasText: t.toasts.loggedOut });
      await expect(loggedOut).toBeVisible();
      await expect(loggedOut).toHaveAttribute("data-type", "info");
      await page.reload();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(toasts).toHaveCount(0);
    });

    test("a 429 after the page is up shows the global error with a reload button", async ({ page, consoleErrors, ownChannel: ch }) => {
      const t = copy(ch.lang, "common");
      await visit(page, ch.url("/"));
      await acceptCookies(page);
      // The next page's data is refused as throttled (SPEC §8: global error state, no retry).
      await page.route(/[?&]_data=/, (route) =>
        route.fulfill({ status: 429, headers: { "Content-Type": "application/json", "X-Remix-Catch": "yes" }, body: JSON.stringify({ message: "Too Many Requests" }) })
      );
      await page.evaluate("window.__remixRouter.navigate('/upcoming')");
      const alert = page.getByRole("alert").filter({ has: page.getByRole("heading", { level: 1 }) });
      await expect(alert.getByRole("heading", { level: 1 })).toHaveText(t.errors.unavailable);
      await expect(alert.getByRole("button", { name: t.reload.button })).toBeVisible();
      await expect(alert.getByRole("link", { name: t.errors.home })).toHaveAttribute("href", "/");
      await expectAccessible(page);
      // Reloading, once the API answers again, brings the page back.
      await page.unroute(/[?&]_data=/);
      await alert.getByRole("button", { name: t.reload.button }).click();
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(t.errors.generic);
      await expect(page.getByRole("button", { name: t.reload.button })).toHaveCount(0);
      // The refused load was the only console error.
      const refused = consoleErrors.splice(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const message of refused) expect(message).toMatch(/^Failed to load resource: the server responded with a status of 429\b/);
    });
  });
}
