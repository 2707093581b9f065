// Account steps that read like the product: register, log in, log out, open the latest mail in the dev outbox.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { channelUrl, expect } from "./fixtures";

type AuthCopy = typeof import("../../app/locales/en/auth.json");
const copy = (lang: "en" | "fr") => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../app/locales/${lang}/auth.json`), "utf8")) as AuthCopy;

/** Each channel in its own language (beta's default is French), with the SPEC §5/§8 words it must show. */
export const CHANNELS = [
  {
    alias: "alpha",
    t: copy("en"),
    spec: {
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
  },
  {
    alias: "beta",
    t: copy("fr"),
    spec: {
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
  },
] as const;

export type Channel = (typeof CHANNELS)[number];

export const PASSWORD = "Password123!";

interface SeededUser {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}

/** The demo accounts of tenants/<alias>/users.json: `fan@` (verified) and `coach@` (temporary password). */
export function seeded(alias: string) {
  const users = JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../tenants/${alias}/users.json`), "utf8")) as SeededUser[];
  const pick = (local: string) => {
    const u = users.find((x) => x.email === `${local}@${alias}.test`);
    if (!u) throw new Error(`${local}@${alias}.test is not in tenants/${alias}/users.json`);
    return { email: u.email, password: u.password, name: `${u.first_name} ${u.last_name}` };
  };
  return { fan: pick("fan"), coach: pick("coach") };
}

let counter = 0;
/** An address no other test uses: the worker and a per-worker counter keep it unique within one run. */
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

export const newUser = (testInfo: TestInfo, label: string): NewUser => ({
  firstName: "Jordan",
  lastName: "Lee",
  email: uniqueEmail(testInfo, label),
  password: PASSWORD,
});

export const url = (ch: Channel, p: string) => channelUrl(ch.alias, p);
const exact = { exact: true } as const;

export async function fillRegistration(page: Page, ch: Channel, user: Partial<NewUser> & { confirmation?: string; terms?: boolean }) {
  const form = page.locator("form#registration");
  if (user.firstName !== undefined) await form.getByLabel(ch.t.form.firstName, exact).fill(user.firstName);
  if (user.lastName !== undefined) await form.getByLabel(ch.t.form.lastName, exact).fill(user.lastName);
  if (user.email !== undefined) await form.getByLabel(ch.t.form.email, exact).fill(user.email);
  if (user.password !== undefined) await form.getByLabel(ch.t.form.password, exact).fill(user.password);
  const confirmation = user.confirmation ?? user.password;
  if (confirmation !== undefined) await form.getByLabel(ch.t.form.passwordConfirmation, exact).fill(confirmation);
  if (user.terms) await form.getByRole("checkbox").check();
}

/** Registers through the form and lands on the verify notice, signed in. */
export async function register(page: Page, ch: Channel, user: NewUser) {
  await page.goto(url(ch, "/registration"));
  await fillRegistration(page, ch, { ...user, terms: true });
  await page.locator("form#registration").getByRole("button", { name: ch.t.registration.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/verify-notice/);
  await expect(page.getByText(user.email)).toBeVisible();
}

export async function fillLogin(page: Page, ch: Channel, email: string, password: string) {
  const form = page.locator("form#login");
  await form.getByLabel(ch.t.form.email, exact).fill(email);
  await form.getByLabel(ch.t.form.password, exact).fill(password);
  await form.getByRole("button", { name: ch.t.login.submit, exact: true }).click();
}

/** Logs in from the login page (opened unless the page is already on it). */
export async function login(page: Page, ch: Channel, email: string, password: string) {
  if (!new URL(page.url()).pathname.startsWith("/login")) await page.goto(url(ch, "/login"));
  await fillLogin(page, ch, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The header's account menu, for the signed-in user. */
export const userMenu = (page: Page) => page.locator("header details.user-menu");

export async function logout(page: Page, ch: Channel) {
  await userMenu(page).locator("summary").click();
  await userMenu(page).getByRole("button", { name: ch.t.menu.logout }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: ch.t.menu.login, exact: true })).toBeVisible();
}

export type MailKind = "verify_email" | "password_reset" | "delete_account";

/** The first link of the newest mail of `kind` to `to`, read from the dev outbox. */
export async function latestMailLink(page: Page, ch: Channel, to: string, kind: MailKind): Promise<string> {
  await page.goto(url(ch, "/dev/outbox"));
  const mail = page.locator(`li.outbox__mail[data-to="${to}"][data-kind="${kind}"]`).first();
  await expect(mail).toBeVisible();
  const href = await mail.locator(".outbox__links a").first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

/** Opens the newest mail of `kind` to `to` and follows its link. */
export async function openLatestMail(page: Page, ch: Channel, to: string, kind: MailKind): Promise<string> {
  const href = await latestMailLink(page, ch, to, kind);
  await page.goto(href);
  return href;
}
