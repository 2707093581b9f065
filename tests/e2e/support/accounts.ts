// Account steps that read like the product, for the specs about accounts (only they fill the sign-in form; other
// specs sign in through the API with the `signIn` fixture): registration and sign-in forms, the account menu, and the
// mails the API keeps in the dev outbox.
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect } from "@playwright/test";
import type { OutboxMail } from "../../../api/contract/auth";
import { apiGet } from "./api";
import type { Lang, TestChannel } from "./channels";
import { copy } from "./copy";

/** The SPEC §5/§8 words each language must show, word for word. */
export const SPEC_WORDS = {
  en: {
    required: "Field is required",
    email: "A valid email address is required",
    passwordTooShort: "The password is too short",
    passwordMismatch: "The password and password confirmation do not match",
    acceptTerms: "Please accept terms & conditions",
    wrongAuthData: "Wrong auth data",
    resetFailed: "Reset password failed.",
    resetLinkUsed: "Reset password link already used.",
    verificationFailed: "Verification failed.",
    temporaryPassword: "Please change your temporary password to continue",
  },
  fr: {
    required: "Ce champ est obligatoire",
    email: "Une adresse courriel valide est requise",
    passwordTooShort: "Le mot de passe est trop court",
    passwordMismatch: "Le mot de passe et sa confirmation ne correspondent pas",
    acceptTerms: "Veuillez accepter les conditions générales",
    wrongAuthData: "Identifiants incorrects",
    resetFailed: "La réinitialisation du mot de passe a échoué.",
    resetLinkUsed: "Lien de réinitialisation du mot de passe déjà utilisé.",
    verificationFailed: "La vérification a échoué.",
    temporaryPassword: "Veuillez changer votre mot de passe temporaire pour continuer",
  },
} as const satisfies Record<Lang, Record<string, string>>;

let counter = 0;
/** An address no other test of the run uses (the channel is the test's own, but a test may register twice). */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  counter += 1;
  return `${label}-w${testInfo.workerIndex}-${counter}@example.test`;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A password a new account may choose (the rules refuse easy ones such as the demo accounts' PASSWORD, ADR 028). */
export const CHOSEN_PASSWORD = "Quiet-harbor-lantern-7";

export const newUser = (testInfo: TestInfo, label: string): NewUser => ({ firstName: "Jordan", lastName: "Lee", email: uniqueEmail(testInfo, label), password: CHOSEN_PASSWORD });

const exact = { exact: true } as const;

export async function fillRegistration(page: Page, lang: Lang, user: Partial<NewUser> & { confirmation?: string; terms?: boolean }) {
  const t = copy(lang, "auth");
  const form = page.locator("form#registration");
  if (user.firstName !== undefined) await form.getByLabel(t.form.firstName, exact).fill(user.firstName);
  if (user.lastName !== undefined) await form.getByLabel(t.form.lastName, exact).fill(user.lastName);
  if (user.email !== undefined) await form.getByLabel(t.form.email, exact).fill(user.email);
  if (user.password !== undefined) await form.getByLabel(t.form.password, exact).fill(user.password);
  const confirmation = user.confirmation ?? user.password;
  if (confirmation !== undefined) await form.getByLabel(t.form.passwordConfirmation, exact).fill(confirmation);
  if (user.terms) await form.getByRole("checkbox").check();
}

/** Registers through the form and lands on the verify notice, signed in. */
export async function register(page: Page, ch: TestChannel, user: NewUser) {
  await page.goto(ch.url("/registration"));
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await fillRegistration(page, ch.lang, { ...user, terms: true });
  await page.locator("form#registration").getByRole("button", { name: copy(ch.lang, "auth").registration.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/verify-notice/);
  await expect(page.getByText(user.email)).toBeVisible();
}

export async function fillLogin(page: Page, lang: Lang, email: string, password: string) {
  const t = copy(lang, "auth");
  const form = page.locator("form#login");
  await form.getByLabel(t.form.email, exact).fill(email);
  await form.getByLabel(t.form.password, exact).fill(password);
  await form.getByRole("button", { name: t.login.submit, exact: true }).click();
}

/** Signs in through the login page's form (opened unless the page is already on it). */
export async function loginByForm(page: Page, ch: TestChannel, email: string, password: string) {
  if (!new URL(page.url()).pathname.startsWith("/login")) {
    await page.goto(ch.url("/login"));
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  }
  await fillLogin(page, ch.lang, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The header's account menu, for the signed-in user. */
export const userMenu = (page: Page) => page.locator("header details.user-menu");

export async function logout(page: Page, lang: Lang) {
  const t = copy(lang, "auth");
  await userMenu(page).locator("summary").click();
  await userMenu(page).getByRole("button", { name: t.menu.logout }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: t.menu.login, exact: true })).toBeVisible();
}

export type MailKind = "verify_email" | "password_reset" | "delete_account" | "change_email" | "email_change_notice";

/** The first link of the newest mail of `kind` to `to`, from the channel's dev outbox (GET /dev/outbox). */
export async function latestMailLink(request: APIRequestContext, ch: TestChannel, to: string, kind: MailKind): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await apiGet<OutboxMail[]>(request, ch, "dev/outbox");
      link = mails.find((m) => m.to === to && m.kind === kind)?.links[0];
      return link;
    }, { message: `a ${kind} mail to ${to}` })
    .toBeTruthy();
  return link!;
}
