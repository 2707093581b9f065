import { LANGUAGES, type Language } from "@api/contract/constants";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import en from "~/locales/en/common.json";
import enAuth from "~/locales/en/auth.json";
import enClips from "~/locales/en/clips.json";
import enCommerce from "~/locales/en/commerce.json";
import enOrders from "~/locales/en/orders.json";
import enPlayer from "~/locales/en/player.json";
import enShare from "~/locales/en/share.json";
import enFavorites from "~/locales/en/favorites.json";
import enDevices from "~/locales/en/devices.json";
import enSessions from "~/locales/en/sessions.json";
import enAnalytics from "~/locales/en/analytics.json";
import enReminders from "~/locales/en/reminders.json";
import enCalendar from "~/locales/en/calendar.json";
import enConsole from "~/locales/en/console.json";
import enDomains from "~/locales/en/domains.json";
import enVideo from "~/locales/en/video.json";
import enScores from "~/locales/en/scores.json";
import fr from "~/locales/fr/common.json";
import frAuth from "~/locales/fr/auth.json";
import frClips from "~/locales/fr/clips.json";
import frCommerce from "~/locales/fr/commerce.json";
import frOrders from "~/locales/fr/orders.json";
import frPlayer from "~/locales/fr/player.json";
import frShare from "~/locales/fr/share.json";
import frFavorites from "~/locales/fr/favorites.json";
import frDevices from "~/locales/fr/devices.json";
import frSessions from "~/locales/fr/sessions.json";
import frAnalytics from "~/locales/fr/analytics.json";
import frReminders from "~/locales/fr/reminders.json";
import frCalendar from "~/locales/fr/calendar.json";
import frConsole from "~/locales/fr/console.json";
import frDomains from "~/locales/fr/domains.json";
import frVideo from "~/locales/fr/video.json";
import frScores from "~/locales/fr/scores.json";
import { i18nOptions } from "~/lib/i18n";

export const resources = {
  en: { common: en, auth: enAuth, player: enPlayer, orders: enOrders, commerce: enCommerce, clips: enClips, share: enShare, favorites: enFavorites, reminders: enReminders, calendar: enCalendar, devices: enDevices, sessions: enSessions, analytics: enAnalytics, console: enConsole, domains: enDomains, video: enVideo, scores: enScores },
  fr: { common: fr, auth: frAuth, player: frPlayer, orders: frOrders, commerce: frCommerce, clips: frClips, share: frShare, favorites: frFavorites, reminders: frReminders, calendar: frCalendar, devices: frDevices, sessions: frSessions, analytics: frAnalytics, console: frConsole, domains: frDomains, video: frVideo, scores: frScores },
};

// The language is decided by tenant resolution (cookie, then the channel's default), so detection here only
// backs up getFixedT for the server.
export const remixI18n = new RemixI18Next({
  detection: { supportedLanguages: [...LANGUAGES], fallbackLanguage: i18nOptions.fallbackLng },
  i18next: { ...i18nOptions, resources },
});

const fixed = new Map<Language, Promise<TFunction>>();

/** A translate function for loaders and meta (titles), one per language for the life of the isolate. */
export function getT(lang: Language): Promise<TFunction> {
  let t = fixed.get(lang);
  if (!t) {
    t = remixI18n.getFixedT(lang, "common") as Promise<TFunction>;
    fixed.set(lang, t);
  }
  return t;
}

const instances = new Map<Language, Promise<I18n>>();

/** The i18next instance that renders a document in `lang`. Each language has one, reused across requests. */
export function getI18nInstance(lang: Language): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    const i18n = createInstance();
    instance = i18n
      .use(initReactI18next)
      .init({ ...i18nOptions, lng: lang, resources })
      .then(() => i18n);
    instances.set(lang, instance);
  }
  return instance;
}

const inlined = new Map<string, string>();

/**
 * The JSON a document inlines for the browser's i18next (app/lib/inline-translations.tsx): every page's namespaces
 * plus the route's own, in the document's language. `<` is escaped so no string can close the script element.
 * Serialised once per language and namespace set for the life of the isolate.
 */
export function inlineTranslations(lang: Language, routeNamespaces: readonly string[]): string {
  const namespaces = [...new Set([...i18nOptions.ns, ...routeNamespaces])].filter((ns): ns is keyof (typeof resources)["en"] => ns in resources[lang]);
  const key = `${lang}:${namespaces.join(",")}`;
  let json = inlined.get(key);
  if (json === undefined) {
    json = JSON.stringify(Object.fromEntries(namespaces.map((ns) => [ns, resources[lang][ns]]))).replace(/</g, "\\u003c");
    inlined.set(key, json);
  }
  return json;
}
