// Google sign-in (SPEC §7) against the local OAuth/OIDC server the e2e server runs (support/social.ts): each test on
// a channel of its own, where the server signs in as the test's own person, so the tests run in any order and side by
// side. A newcomer accepts the terms first; an account with the same verified email signs in and keeps its name; the
// no-JavaScript registration form leads through the provider; a forged callback is refused. The French channel's
// Google button is french.spec.ts's.
import type { Page } from "@playwright/test";
import { E2E_CHROMIUM_PATH, chromiumArgs } from "../../scripts/lib/chromium";
import { acceptCookies, expect, test, visit } from "./fixtures";
import { copy, fill } from "./support/copy";
import { OAUTH_HOSTS, providerSignsInAs } from "./support/social";

const t = copy("en", "auth");
const withGoogle = fill(t.social.continueWith, { provider: "Google" });
/** The terms box, by the start of its label (the rest are links). */
const termsBox = (page: Page) => page.getByRole("checkbox", { name: new RegExp(`^${t.form.terms.split("<")[0]}`) });

// The browser goes to the OAuth server at 127.0.0.1, which the offline resolver rules otherwise refuse.
test.use({ launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: chromiumArgs(["alpha-sports.test", "*.domains.test", ...OAUTH_HOSTS]) } });

async function expectSignedIn(page: Page, name: string) {
  // The header's account menu names the user: the first name, the full name as its tooltip (the drawer holds a hidden
  // copy for small screens).
  await expect(page.locator("header .user-menu__name")).toHaveText(name.split(" ")[0]!);
  await expect(page.locator("header .user-menu__name")).toHaveAttribute("title", name);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "sid")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // The one-time state cookie is gone once the flow ends.
  expect(cookies.find((c) => c.name === "oauth_state")).toBeUndefined();
}

const sid = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "sid");

test("a new user accepts the terms, then registers with Google", async ({ page, request, ownChannel: ch }) => {
  await providerSignsInAs(request, ch, { sub: `google-${ch.alias}`, email: `nora@${ch.alias}.test`, email_verified: true, given_name: "Nora", family_name: "Google" });
  await visit(page, ch.url("/login"));
  await acceptCookies(page);
  await page.getByRole("link", { name: withGoogle }).click();

  // Back from the provider: unknown here, so the registration page asks for the terms first.
  await expect(page).toHaveURL(/\/registration\?social=not_registered&provider=google/);
  await expect(page.getByText(t.messages.notRegistered)).toBeVisible();
  expect(await sid(page)).toBeUndefined();

  await termsBox(page).check();
  await page.getByRole("button", { name: withGoogle }).click();
  await expect(page).toHaveURL(ch.url("/"));
  await expectSignedIn(page, "Nora Google");
});

test("an account with the same verified email signs in with Google, keeps its name and comes back", async ({ page, request, ownChannel: ch }) => {
  const fan = ch.user("fan");
  // Google knows the person under another name: the account keeps its own.
  await providerSignsInAs(request, ch, { sub: `google-${ch.alias}`, email: fan.email, email_verified: true, given_name: "Other", family_name: "Name" });
  await visit(page, ch.url("/login?redirectTo=%2Fschedule"));
  await acceptCookies(page);
  await page.getByRole("link", { name: withGoogle }).click();
  await expect(page).toHaveURL(ch.url("/schedule"));
  await expectSignedIn(page, fan.name);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the registration form's Google button leads through the provider (form-action allows it)", async ({ page, request, ownChannel: ch }) => {
    await providerSignsInAs(request, ch, { sub: `google-${ch.alias}`, email: `noah@${ch.alias}.test`, email_verified: true, given_name: "Noah", family_name: "Plain" });
    await page.goto(ch.url("/registration?social=not_registered&provider=google"));
    await termsBox(page).check();
    await page.getByRole("button", { name: withGoogle }).click();
    await expect(page).toHaveURL(ch.url("/"));
    await expectSignedIn(page, "Noah Plain");
  });
});

test("a callback whose state did not start in this browser is refused", async ({ page, sharedChannel: ch }) => {
  await page.goto(ch.url("/auth/login/google/callback?code=forged&state=eyJuIjoiYWJjIn0"));
  await expect(page).toHaveURL(/\/login\?social=failed/);
  await expect(page.getByText(t.social.failed)).toBeVisible();
  expect(await sid(page)).toBeUndefined();
});
