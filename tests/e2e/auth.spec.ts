// Accounts (SPEC §5, §8), the one spec that fills the sign-in and registration forms (the others sign in through the
// API): registration with its inline errors in the SPEC's words, the verification, reset and deletion links of the
// dev outbox, sign-in refusals and throttling, the temporary-password hold, where a sign-in goes back to, and a follow
// asked while signed out that the sign-in completes. Each test on a channel of its own, with its own copies of the
// demo accounts. The French channel's forms and SPEC words are french.spec.ts's.
import type { Page } from "@playwright/test";
import { LOGIN_ACCOUNT_LIMIT } from "../../api/contract/constants";
import { acceptCookies, expect, expectAccessible, hydrated, test, visit } from "./fixtures";
import { CHOSEN_PASSWORD, SPEC_WORDS, fillLogin, fillRegistration, latestMailLink, loginByForm, logout, newUser, register, uniqueEmail, userMenu } from "./support/accounts";
import { copy } from "./support/copy";
import { upcomingGame } from "./support/favorites";

const t = copy("en", "auth");
const spec = SPEC_WORDS.en;
const loginLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: t.menu.login, exact: true });

test("registration shows its errors inline, in the SPEC's words", async ({ page, ownChannel: ch }) => {
  await visit(page, ch.url("/registration"));
  await acceptCookies(page);
  await expect(page).toHaveTitle(new RegExp(t.titles.registration));
  const form = page.locator("form#registration");
  const submit = form.getByRole("button", { name: t.registration.submit, exact: true });

  await submit.click();
  await expect(form.getByText(spec.required).first()).toBeVisible();
  await fillRegistration(page, ch.lang, { firstName: "Jordan", lastName: "Lee", email: "not-an-email", password: "short", confirmation: "different" });
  await submit.click();
  await expect(form.getByText(spec.email)).toBeVisible();
  await expect(form.getByText(spec.passwordTooShort)).toBeVisible();
  await expect(form.getByText(spec.passwordMismatch)).toBeVisible();
  await expect(form.getByText(spec.acceptTerms)).toBeVisible();
  await expectAccessible(page);
});

test("register, verify through the outbox link, log out and log in", async ({ page, request, ownChannel: ch }, testInfo) => {
  const user = newUser(testInfo, "reg");
  await register(page, ch, user);
  await acceptCookies(page);
  await expect(page).toHaveTitle(new RegExp(t.titles.verifyNotice));
  await expectAccessible(page);
  await page.getByRole("button", { name: t.verifyNotice.resend }).click();
  await expect(page.getByText(t.verifyNotice.resent)).toBeVisible();

  await visit(page, await latestMailLink(request, ch, user.email, "verify_email"));
  await expect(page.getByText(t.verifyEmail.success)).toBeVisible();
  await expectAccessible(page);

  await logout(page, ch.lang);
  await loginByForm(page, ch, user.email, user.password);
  // The header shows the first name; the full name is its tooltip (issue 28: a long name is never cut).
  await expect(userMenu(page)).toContainText(user.firstName);
  await expect(userMenu(page).locator(".user-menu__name")).toHaveAttribute("title", `${user.firstName} ${user.lastName}`);
});

test("a registration with an email already registered is refused in the SPEC's words", async ({ page, ownChannel: ch }) => {
  await visit(page, ch.url("/registration"));
  await fillRegistration(page, ch.lang, { firstName: "Jordan", lastName: "Lee", email: ch.user("fan").email, password: CHOSEN_PASSWORD, terms: true });
  await page.locator("form#registration").getByRole("button", { name: t.registration.submit, exact: true }).click();
  await expect(page.getByText(t.messages.emailTaken)).toBeVisible();
});

test("a wrong password gets the same answer as an unknown email", async ({ page, ownChannel: ch }) => {
  await visit(page, ch.url("/login"));
  await expect(page).toHaveTitle(new RegExp(t.titles.login));
  await expectAccessible(page);
  await fillLogin(page, ch.lang, ch.user("fan").email, "not-the-password");
  await expect(page.getByText(spec.wrongAuthData)).toBeVisible();
  await fillLogin(page, ch.lang, "nobody@example.test", "not-the-password");
  await expect(page.getByText(spec.wrongAuthData)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("repeated failed logins on one account are throttled with an inline message", async ({ page, ownChannel: ch }, testInfo) => {
  const email = uniqueEmail(testInfo, "throttle");
  await visit(page, ch.url("/login"));
  // Each attempt's answer as the page received it (the action's `?_data=` reply): the server's verdict first, then
  // what the page shows of it.
  const answer = async (attempt: () => Promise<void>) => {
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login"), attempt()]);
    expect(response.status()).toBe(422);
    return ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error;
  };
  // LOGIN_ACCOUNT_LIMIT attempts answer "wrong auth data"; the next one is refused for the rest of the window.
  for (let attempt = 0; attempt < LOGIN_ACCOUNT_LIMIT; attempt++) {
    expect(await answer(() => fillLogin(page, ch.lang, email, `wrong-${attempt}`)), `attempt ${attempt + 1}`).toEqual({ email: [spec.wrongAuthData] });
  }
  expect(await answer(() => fillLogin(page, ch.lang, email, "wrong-again"))).toEqual({ "": [t.messages.throttled] });
  await expect(page.getByRole("alert").filter({ hasText: t.messages.throttled })).toBeVisible();
});

test("reset the password through the outbox link; the same link is refused afterwards", async ({ page, request, ownChannel: ch }) => {
  const fan = ch.user("fan");
  await visit(page, ch.url("/login"));
  await page.getByRole("link", { name: t.login.forgot }).click();
  await expect(page).toHaveURL(/\/password-reset-request$/);
  await expectAccessible(page);
  await page.getByLabel(t.form.email, { exact: true }).fill(fan.email);
  await page.getByRole("button", { name: t.passwordResetRequest.submit }).click();
  await expect(page.getByText(t.passwordResetRequest.sent)).toBeVisible();

  const link = await latestMailLink(request, ch, fan.email, "password_reset");
  await visit(page, link);
  await expect(page).toHaveTitle(new RegExp(t.titles.passwordReset));
  await expectAccessible(page);
  const newPassword = "New-Secret-42";
  await page.getByLabel(t.form.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(t.form.newPasswordConfirmation, { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: t.passwordReset.submit }).click();
  await expect(page.getByText(t.passwordReset.done)).toBeVisible();

  // The used link says so on arrival (issue 15), with no form that could not succeed, and offers a new one.
  await visit(page, link);
  await expect(page.getByText(spec.resetLinkUsed)).toBeVisible();
  await expect(page.getByLabel(t.form.newPassword, { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("link", { name: t.passwordReset.requestAgain }).click();
  await expect(page).toHaveURL(/\/password-reset-request$/);

  await loginByForm(page, ch, fan.email, newPassword);
  await expect(userMenu(page)).toBeVisible();
});

test("a temporary-password user is held on the profile edit page until the password changes", async ({ page, ownChannel: ch }) => {
  const coach = ch.user("coach");
  await loginByForm(page, ch, coach.email, coach.password);
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByText(spec.temporaryPassword)).toBeVisible();
  await expectAccessible(page);

  await visit(page, ch.url("/faq"));
  await expect(page).toHaveURL(/\/profile\/edit$/);
  // Client-side navigation is held too (the hold runs in every loader).
  await page.getByRole("banner").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/profile\/edit$/);

  // Not containing "coach", the email's local part (issue 15).
  const newPassword = "Team-Chosen-77";
  await page.getByLabel(t.form.currentPassword, { exact: true }).fill(coach.password);
  await page.getByLabel(t.form.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(t.form.newPasswordConfirmation, { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: t.profileEdit.savePassword }).click();
  await expect(page.getByText(t.profileEdit.passwordSaved)).toBeVisible();
  await expect(page.getByText(spec.temporaryPassword)).toHaveCount(0);

  await page.goto(ch.url("/faq"));
  await expect(page).toHaveURL(/\/faq$/);
});

test("login returns to the page the visitor was on", async ({ page, ownChannel: ch }) => {
  const fan = ch.user("fan");
  await visit(page, ch.url("/faq"));
  await acceptCookies(page);
  await loginLink(page).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffaq$/);
  await fillLogin(page, ch.lang, fan.email, fan.password);
  await expect(page).toHaveURL(/\/faq$/);
  await expect(userMenu(page).locator(".user-menu__name")).toHaveAttribute("title", fan.name);
  await logout(page, ch.lang);

  // Without redirectTo, the same-origin page it came from (the Referer) is where it goes back.
  await page.goto(ch.url("/login"), { referer: ch.url("/about") });
  await hydrated(page);
  await fillLogin(page, ch.lang, fan.email, fan.password);
  await expect(page).toHaveURL(/\/about$/);
});

test("a follow asked while signed out is made by the sign-in, back on the page", async ({ page, request, ownChannel: ch }) => {
  const team = (await upcomingGame(request, ch)).participants.find((p) => p.side === "away")!;
  const landing = `/upcoming?team=${team.alias}`;
  await visit(page, ch.url(landing));
  await acceptCookies(page);
  await page.locator(".featured__action").getByRole("button").click();
  await expect(page).toHaveURL(ch.url(`/login?redirectTo=${encodeURIComponent(landing)}`));
  const fan = ch.user("fan");
  await fillLogin(page, ch.lang, fan.email, fan.password);
  await expect(page).toHaveURL(ch.url(landing));
  await expect(page.locator(".featured__action").getByRole("button")).toHaveAttribute("aria-pressed", "true");
});

test("a signed-out visitor going from login or registration to /buy is sent back one step", async ({ page, sharedChannel: ch }) => {
  for (const from of ["/login?redirectTo=%2Ffaq", "/registration"]) {
    await page.goto(ch.url("/buy"), { referer: ch.url(from) });
    await expect(page).toHaveURL(ch.url(from));
  }
});

test("a signed-in user visiting login or registration is sent home", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "fan");
  await page.goto(ch.url("/login"));
  await expect(page).toHaveURL(ch.url("/"));
  await page.goto(ch.url("/registration"));
  await expect(page).toHaveURL(ch.url("/"));
  await visit(page, ch.url("/profile"));
  await expect(page).toHaveTitle(new RegExp(t.titles.activeOrders));
  await expect(page.getByText(t.profile.noOrders)).toBeVisible();
  await expectAccessible(page);
});

test("delete the account through its mailed confirmation link", async ({ page, request, ownChannel: ch, signIn }) => {
  const fan = await signIn(ch, "fan");
  await visit(page, ch.url("/profile/edit"));
  await page.getByRole("button", { name: t.profileEdit.deleteRequest }).click();
  await expect(page.getByText(t.profileEdit.deleteSent)).toBeVisible();

  await visit(page, await latestMailLink(request, ch, fan.email, "delete_account"));
  await expect(page).toHaveTitle(new RegExp(t.titles.confirmDeletion));
  await expectAccessible(page);
  await page.getByRole("button", { name: t.deletion.confirm }).click();
  await expect(page.getByText(t.deletion.done)).toBeVisible();
  await expect(loginLink(page)).toBeVisible();

  await visit(page, ch.url("/login"));
  await fillLogin(page, ch.lang, fan.email, fan.password);
  await expect(page.getByText(spec.wrongAuthData)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registration validates on the server; a used verification link is refused; log out is a plain form", async ({ page, request, ownChannel: ch }, testInfo) => {
    const user = newUser(testInfo, "nojs");
    const form = page.locator("form#registration");
    const submit = form.getByRole("button", { name: t.registration.submit, exact: true });
    await page.goto(ch.url("/registration"));
    await fillRegistration(page, ch.lang, { firstName: "Jordan", lastName: "Lee", email: user.email, password: "short", confirmation: "other" });
    await submit.click();
    await expect(page.getByText(spec.passwordTooShort)).toBeVisible();
    await expect(page.getByText(spec.acceptTerms)).toBeVisible();
    await expect(form.getByLabel(t.form.email, { exact: true })).toHaveValue(user.email);

    await fillRegistration(page, ch.lang, { ...user, terms: true });
    await submit.click();
    await expect(page).toHaveURL(/\/verify-notice/);
    const link = await latestMailLink(request, ch, user.email, "verify_email");
    await page.goto(link);
    await expect(page.getByText(t.verifyEmail.success)).toBeVisible();
    // Used again: nothing left to do, said in the SPEC's words; a link that was tampered with fails.
    await page.goto(link);
    await expect(page.getByText("Your email already verified.", { exact: true })).toBeVisible();
    const tampered = new URL(link);
    tampered.searchParams.set("signature", "0".repeat(64));
    await page.goto(tampered.toString());
    await expect(page.getByText("Verification your email address failed.", { exact: true })).toBeVisible();

    await userMenu(page).locator("summary").click();
    await userMenu(page).getByRole("button", { name: t.menu.logout }).click();
    await expect(loginLink(page)).toBeVisible();
  });
});
