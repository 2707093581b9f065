// The product's words, as the locale files give them (app/locales/<lang>/<namespace>.json): tests find controls by
// the names a viewer sees, in the channel's language.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Lang } from "./channels";

const LOCALES = path.resolve(import.meta.dirname, "../../../app/locales");

type Namespaces = {
  analytics: typeof import("../../../app/locales/en/analytics.json");
  auth: typeof import("../../../app/locales/en/auth.json");
  calendar: typeof import("../../../app/locales/en/calendar.json");
  clips: typeof import("../../../app/locales/en/clips.json");
  commerce: typeof import("../../../app/locales/en/commerce.json");
  common: typeof import("../../../app/locales/en/common.json");
  console: typeof import("../../../app/locales/en/console.json");
  devices: typeof import("../../../app/locales/en/devices.json");
  domains: typeof import("../../../app/locales/en/domains.json");
  favorites: typeof import("../../../app/locales/en/favorites.json");
  orders: typeof import("../../../app/locales/en/orders.json");
  player: typeof import("../../../app/locales/en/player.json");
  reminders: typeof import("../../../app/locales/en/reminders.json");
  scores: typeof import("../../../app/locales/en/scores.json");
  sessions: typeof import("../../../app/locales/en/sessions.json");
  share: typeof import("../../../app/locales/en/share.json");
  video: typeof import("../../../app/locales/en/video.json");
};

const read = new Map<string, unknown>();
/** One namespace of the locale files in one language. */
export function copy<N extends keyof Namespaces>(lang: Lang, namespace: N): Namespaces[N] {
  const key = `${lang}/${namespace}`;
  if (!read.has(key)) read.set(key, JSON.parse(readFileSync(path.join(LOCALES, lang, `${namespace}.json`), "utf8")));
  return read.get(key) as Namespaces[N];
}

/** A locale string with its {{placeholders}} filled in. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));
