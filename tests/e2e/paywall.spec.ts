// Issue 28, honest paywalls on both channels: a signed-out visitor on a paid live game sees what watching costs before
// being asked to sign in, and a pay-per-view game's page sells its own ticket first, at its price, before any plan.
// The ways and prices are the API's (GET /simulate); the page restates no rule. Each test has its own channel.
import { acceptCookies, expect, expectAccessible, test, visit } from "./fixtures";
import { ppvEvents } from "./support/commerce";
import { copy } from "./support/copy";
import { findEvent } from "./support/events";

const price = /\$\s?\d+[.,]\d{2}|\d+,\d{2}\s?\$/;

for (const template of ["alpha", "beta"] as const) {
  test.describe(template, () => {
    test.use({ template });

    test("signed out, a paid live game says what watching costs before asking to sign in", async ({ page, request, ownChannel: ch }, testInfo) => {
      const t = copy(ch.lang, "player");
      const id = await findEvent(request, ch, "live", "paid", { noPreroll: true });
      await visit(page, ch.url(`/watch/${id}`));
      await acceptCookies(page);
      const panel = page.getByTestId("watch-login");
      await expect(panel).toBeVisible();
      const prices = panel.getByTestId("watch-prices");
      await expect(panel).toContainText(t.purchase.prices);
      const ways = prices.getByRole("listitem");
      expect(await ways.count()).toBeGreaterThan(0);
      await expect(ways.first()).toContainText(price);
      // Then the sign-in, which comes back here.
      await expect(panel.getByRole("link", { name: t.login.login })).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`/watch/${id}`)}`);
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`paywall-signed-out-${template}.png`) });
    });

    test("a pay-per-view game sells its own ticket first, at its price", async ({ page, request, ownChannel: ch, signIn }, testInfo) => {
      const t = copy(ch.lang, "player");
      const [id] = await ppvEvents(request, ch);
      await signIn(ch, "fan");
      await visit(page, ch.url(`/watch/${id}`));
      await acceptCookies(page);
      const panel = page.getByTestId("watch-purchase");
      const first = panel.locator(".watch__actions .button--primary");
      await expect(first).toHaveText(new RegExp(`^${t.purchase.buyFor.replace("{{price}}", "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      await expect(first).toContainText(price);
      await expect(first).toHaveAttribute("href", new RegExp(`^/buy\\?event_id=${id}&single_event_package_id=\\d+$`));
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`paywall-ppv-${template}.png`) });
      // It leads to the ticket's checkout, not a plan's.
      await first.click();
      await expect(page).toHaveURL(new RegExp(`/buy\\?event_id=${id}&single_event_package_id=\\d+`));
    });
  });
}
