// The account mails, in the recipient's language and the channel's branding (name, logo, primary colour). Each
// has a plain-text part and a small inline-styled HTML part: mail clients ignore stylesheets.
import type { Language } from "../../contract/constants";

export type MailKind = "verify_email" | "password_reset" | "delete_account" | "owner_invite" | "change_email" | "email_change_notice";

export interface Branding {
  name: string;
  /** Absolute URL of the channel's logo, if it has one. */
  logoUrl: string | null;
  /** #rrggbb */
  primary: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Words {
  subject: (channel: string) => string;
  greeting: (name: string) => string;
  /** A function of the new address for the mails about an email change. */
  body: string | ((newEmail: string) => string);
  action: string;
  expiry: string;
  ignore: string;
}

const WORDS: Record<Language, Record<MailKind, Words>> = {
  en: {
    verify_email: {
      subject: (c) => `Confirm your email address for ${c}`,
      greeting: (n) => (n ? `Hello ${n},` : "Hello,"),
      body: "Please confirm your email address by opening the link below.",
      action: "Confirm my email",
      expiry: "The link is valid for 24 hours and can be used once.",
      ignore: "If you did not create an account, you can ignore this message.",
    },
    password_reset: {
      subject: (c) => `Reset your ${c} password`,
      greeting: (n) => (n ? `Hello ${n},` : "Hello,"),
      body: "We received a request to reset your password. Choose a new one with the link below.",
      action: "Choose a new password",
      expiry: "The link is valid for one hour and can be used once.",
      ignore: "If you did not ask for this, you can ignore this message: your password stays the same.",
    },
    delete_account: {
      subject: (c) => `Confirm the deletion of your ${c} account`,
      greeting: (n) => (n ? `Hello ${n},` : "Hello,"),
      body: "You asked to delete your account. Open the link below to confirm; your account and personal data will be removed.",
      action: "Delete my account",
      expiry: "The link is valid for one hour and can be used once.",
      ignore: "If you did not ask for this, ignore this message and your account stays as it is.",
    },
    owner_invite: {
      subject: (c) => `${c} is ready: choose your password`,
      greeting: (n) => (n ? `Hello ${n},` : "Hello,"),
      body: "Your channel is online, and you are its owner. Choose your password with the link below, then sign in and open the console to give it your colours, logo, pages and events.",
      action: "Choose my password",
      expiry: "The link is valid for 7 days and can be used once.",
      ignore: "If you did not expect this, you can ignore this message.",
    },
    change_email: {
      subject: (c) => `Confirm your new email address for ${c}`,
      greeting: (n) => (n ? `Hello ${n},` : "Hello,"),
      body: "You asked to use this address for your account. Open the link below to confirm it; until then your account keeps its current address.",
      action: "Confirm my new email",
      expiry: "The link is valid for 24 hours and can be used once.",
      ignore: "If you did not ask for this, you can ignore this message: nothing changes.",
    },
    email_change_notice: {
      subject: (c) => `Your ${c} email address is being changed`,
      greeting: (n) => (n ? `Hello ${n},` : "Hello,"),
      body: (to) => `Your email address is being changed to ${to}. Your account keeps this address until the new one is confirmed from its inbox.`,
      action: "Reset my password",
      expiry: "If this was you, there is nothing to do.",
      ignore: "If this wasn't you, reset your password now with the link above: it signs every device out and cancels the change.",
    },
  },
  fr: {
    verify_email: {
      subject: (c) => `Confirmez votre adresse e-mail pour ${c}`,
      greeting: (n) => (n ? `Bonjour ${n},` : "Bonjour,"),
      body: "Veuillez confirmer votre adresse e-mail en ouvrant le lien ci-dessous.",
      action: "Confirmer mon adresse",
      expiry: "Le lien est valable 24 heures et ne peut servir qu’une fois.",
      ignore: "Si vous n’avez pas créé de compte, ignorez ce message.",
    },
    password_reset: {
      subject: (c) => `Réinitialisez votre mot de passe ${c}`,
      greeting: (n) => (n ? `Bonjour ${n},` : "Bonjour,"),
      body: "Nous avons reçu une demande de réinitialisation de votre mot de passe. Choisissez-en un nouveau avec le lien ci-dessous.",
      action: "Choisir un nouveau mot de passe",
      expiry: "Le lien est valable une heure et ne peut servir qu’une fois.",
      ignore: "Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe ne change pas.",
    },
    delete_account: {
      subject: (c) => `Confirmez la suppression de votre compte ${c}`,
      greeting: (n) => (n ? `Bonjour ${n},` : "Bonjour,"),
      body: "Vous avez demandé la suppression de votre compte. Ouvrez le lien ci-dessous pour confirmer : votre compte et vos données personnelles seront supprimés.",
      action: "Supprimer mon compte",
      expiry: "Le lien est valable une heure et ne peut servir qu’une fois.",
      ignore: "Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre compte reste inchangé.",
    },
    owner_invite: {
      subject: (c) => `${c} est prête : choisissez votre mot de passe`,
      greeting: (n) => (n ? `Bonjour ${n},` : "Bonjour,"),
      body: "Votre chaîne est en ligne et vous en êtes le propriétaire. Choisissez votre mot de passe avec le lien ci-dessous, puis connectez-vous et ouvrez la console pour lui donner vos couleurs, votre logo, vos pages et vos événements.",
      action: "Choisir mon mot de passe",
      expiry: "Le lien est valable 7 jours et ne peut servir qu’une fois.",
      ignore: "Si vous n’attendiez pas ce message, ignorez-le.",
    },
    change_email: {
      subject: (c) => `Confirmez votre nouvelle adresse e-mail pour ${c}`,
      greeting: (n) => (n ? `Bonjour ${n},` : "Bonjour,"),
      body: "Vous avez demandé à utiliser cette adresse pour votre compte. Ouvrez le lien ci-dessous pour la confirmer ; d’ici là, votre compte garde son adresse actuelle.",
      action: "Confirmer ma nouvelle adresse",
      expiry: "Le lien est valable 24 heures et ne peut servir qu’une fois.",
      ignore: "Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne change.",
    },
    email_change_notice: {
      subject: (c) => `L’adresse e-mail de votre compte ${c} va changer`,
      greeting: (n) => (n ? `Bonjour ${n},` : "Bonjour,"),
      body: (to) => `L’adresse e-mail de votre compte va être remplacée par ${to}. Votre compte garde cette adresse-ci tant que la nouvelle n’est pas confirmée depuis sa boîte de réception.`,
      action: "Réinitialiser mon mot de passe",
      expiry: "Si c’est bien vous, vous n’avez rien à faire.",
      ignore: "Si ce n’est pas vous, réinitialisez votre mot de passe dès maintenant avec le lien ci-dessus : tous les appareils sont déconnectés et le changement est annulé.",
    },
  },
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface MailInput {
  kind: MailKind;
  language: Language;
  branding: Branding;
  firstName: string;
  /** Absolute URL of the action. */
  link: string;
  /** The address an email change goes to (change_email, email_change_notice). */
  newEmail?: string;
}

export function renderMail(input: MailInput): MailContent {
  const w = WORDS[input.language][input.kind];
  const { name, primary } = input.branding;
  const subject = w.subject(name);
  const greeting = w.greeting(input.firstName);
  const body = typeof w.body === "function" ? w.body(input.newEmail ?? "") : w.body;
  const text = [greeting, "", body, "", `${w.action}: ${input.link}`, "", w.expiry, w.ignore, "", `— ${name}`].join("\n");
  const e = escapeHtml;
  const html = brandedHtml(input.language, input.branding, [
    `<p style="margin:0 0 16px">${e(greeting)}</p>`,
    `<p style="margin:0 0 24px">${e(body)}</p>`,
    `<p style="margin:0 0 24px"><a href="${e(input.link)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${e(primary)};color:#ffffff;text-decoration:none;font-weight:bold">${e(w.action)}</a></p>`,
    `<p style="margin:0 0 8px;font-size:13px;color:#52525b">${e(w.expiry)}</p>`,
    `<p style="margin:0 0 8px;font-size:13px;color:#52525b">${e(w.ignore)}</p>`,
    `<p style="margin:16px 0 0;font-size:12px;color:#71717a;word-break:break-all">${e(input.link)}</p>`,
  ]);
  return { subject, text, html };
}

/** Every mail's HTML frame: the channel's logo (or name in its colour) over a white card holding `body`. */
export function brandedHtml(language: Language, { name, logoUrl, primary }: Branding, body: string[]): string {
  const e = escapeHtml;
  const header = logoUrl
    ? `<img src="${e(logoUrl)}" alt="${e(name)}" height="40" style="height:40px;border:0">`
    : `<strong style="font-size:20px;color:${e(primary)}">${e(name)}</strong>`;
  return [
    `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`,
    `<div style="margin-bottom:24px">${header}</div>`,
    ...body,
    `</div></body></html>`,
  ].join("");
}
