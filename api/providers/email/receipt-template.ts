// The receipt mail (issue 28): after a purchase and after each renewal, in the buyer's language and the channel's
// branding like the account mails, with the order: number, date, product, amount and currency, and what it gives
// (the event, valid until, renews on). SPEC §1's "All sales are final" closes it.
import { COMMERCE_MESSAGES, CURRENCY_SYMBOLS, type Currency, type OrderValidity } from "../../contract/commerce-types";
import type { Language } from "../../contract/constants";
import { formatStart } from "./reminder-template";
import { brandedHtml, escapeHtml as e, type Branding, type MailContent } from "./templates";

export type ReceiptKind = "purchase" | "renewal";

export interface ReceiptMailInput {
  kind: ReceiptKind;
  language: Language;
  branding: Branding;
  firstName: string;
  orderId: number;
  productName: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  /** Epoch ms of the payment. */
  paidAt: number;
  /** Epoch ms: a trial's end (a trial's receipt charges nothing now). */
  trialEndsAt: number | null;
  validity: OrderValidity;
  /** Absolute URL of the buyer's orders. */
  ordersLink: string;
}

interface Words {
  subject: (product: string, channel: string) => string;
  greeting: (name: string) => string;
  intro: string;
  order: string;
  date: string;
  product: string;
  amount: string;
  trial: (date: string) => string;
  event: (title: string, when: string) => string;
  until: (date: string) => string;
  renews: (date: string) => string;
  ends: (date: string) => string;
  open: string;
  action: string;
  final: string;
}

const common = {
  en: { greeting: (n: string) => (n ? `Hello ${n},` : "Hello,"), order: "Order number", date: "Date", product: "Product", amount: "Amount paid" },
  fr: { greeting: (n: string) => (n ? `Bonjour ${n},` : "Bonjour,"), order: "Numéro de commande", date: "Date", product: "Produit", amount: "Montant payé" },
};

const gives = {
  en: {
    trial: (d: string) => `Free trial until ${d}`,
    event: (t: string, w: string) => `Event: ${t}, ${w}`,
    until: (d: string) => `Valid until ${d}`,
    renews: (d: string) => `Renews on ${d}`,
    ends: (d: string) => `Access until ${d} (auto-renewal is off)`,
    open: "No end date",
    action: "See your orders",
    final: COMMERCE_MESSAGES.salesFinal,
  },
  fr: {
    trial: (d: string) => `Essai gratuit jusqu’au ${d}`,
    event: (t: string, w: string) => `Événement : ${t}, ${w}`,
    until: (d: string) => `Valide jusqu’au ${d}`,
    renews: (d: string) => `Renouvellement le ${d}`,
    ends: (d: string) => `Accès jusqu’au ${d} (renouvellement automatique désactivé)`,
    open: "Sans date de fin",
    action: "Voir mes commandes",
    final: "Toutes les ventes sont finales. Aucun remboursement",
  },
};

const WORDS: Record<Language, Record<ReceiptKind, Words>> = {
  en: {
    purchase: { ...common.en, ...gives.en, subject: (p, c) => `Your receipt from ${c}: ${p}`, intro: "Thank you for your purchase. Here is your receipt." },
    renewal: { ...common.en, ...gives.en, subject: (p, c) => `Your ${p} subscription has renewed: receipt from ${c}`, intro: "Your subscription has renewed. Here is your receipt." },
  },
  fr: {
    purchase: { ...common.fr, ...gives.fr, subject: (p, c) => `Votre reçu de ${c} : ${p}`, intro: "Merci pour votre achat. Voici votre reçu." },
    renewal: { ...common.fr, ...gives.fr, subject: (p, c) => `Votre abonnement ${p} a été renouvelé : reçu de ${c}`, intro: "Votre abonnement a été renouvelé. Voici votre reçu." },
  },
};

/** SPEC §3: USD and CAD both shown as "$"; the code follows, so a receipt says which dollars. */
export function receiptMoney(minor: number, currency: Currency, language: Language): string {
  const digits = new Intl.NumberFormat(language === "fr" ? "fr-CA" : "en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  const symbol = CURRENCY_SYMBOLS[currency];
  return language === "fr" ? `${digits} ${symbol} ${currency}` : `${symbol}${digits} ${currency}`;
}

/** A calendar day in the mail's language (UTC, as the checkout's dates are). */
export const receiptDay = (ms: number, language: Language): string =>
  new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(ms));

function givesLine(w: Words, v: OrderValidity, language: Language): string {
  switch (v.kind) {
    case "event":
      return w.event(v.title, v.starts_at ? `${formatStart(Date.parse(v.starts_at), v.time_zone ?? "UTC", language)} (${v.time_zone ?? "UTC"})` : "");
    case "until":
      return w.until(receiptDay(Date.parse(v.at), language));
    case "renews":
      return w.renews(receiptDay(Date.parse(v.at), language));
    case "ends":
      return w.ends(receiptDay(Date.parse(v.at), language));
    case "open":
      return w.open;
  }
}

export function renderReceiptMail(input: ReceiptMailInput): MailContent {
  const w = WORDS[input.language][input.kind];
  const { name, primary } = input.branding;
  const greeting = w.greeting(input.firstName);
  const facts: [string, string][] = [
    [w.order, `#${input.orderId}`],
    [w.date, receiptDay(input.paidAt, input.language)],
    [w.product, input.productName],
    [w.amount, receiptMoney(input.amount, input.currency, input.language)],
  ];
  const lines = [...(input.kind === "purchase" && input.trialEndsAt !== null ? [w.trial(receiptDay(input.trialEndsAt, input.language))] : []), givesLine(w, input.validity, input.language)];
  const text = [
    greeting,
    "",
    w.intro,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...lines,
    "",
    `${w.action}: ${input.ordersLink}`,
    "",
    w.final,
    "",
    `— ${name}`,
  ].join("\n");
  const html = brandedHtml(input.language, input.branding, [
    `<p style="margin:0 0 16px">${e(greeting)}</p>`,
    `<p style="margin:0 0 16px">${e(w.intro)}</p>`,
    `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">`,
    ...facts.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#52525b">${e(k)}</td><td style="padding:4px 0;font-weight:bold">${e(v)}</td></tr>`),
    `</table>`,
    ...lines.map((l) => `<p style="margin:0 0 8px">${e(l)}</p>`),
    `<p style="margin:16px 0 24px"><a href="${e(input.ordersLink)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${e(primary)};color:#ffffff;text-decoration:none;font-weight:bold">${e(w.action)}</a></p>`,
    `<p style="margin:0;font-size:12px;color:#52525b">${e(w.final)}</p>`,
  ]);
  return { subject: w.subject(input.productName, name), text, html };
}
