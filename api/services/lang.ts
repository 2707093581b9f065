// Which language a call's translatable fields resolve to, and the resolution itself.
import type { ChannelContext } from "../context";
import type { Language } from "../contract/constants";
import { type LocalizedText, localize } from "./localize";

export interface Lang {
  lang: Language;
  fallback: Language;
}

/** The asked language (?lang=), else the channel's default; the default is always the fallback. */
export function requestLang(asked: Language | undefined, channel: ChannelContext): Lang {
  return { lang: asked ?? channel.defaultLanguage, fallback: channel.defaultLanguage };
}

/** Stored text in the call's language ("" when there is none). */
export const tr = (v: unknown, l: Lang) => localize(v as LocalizedText, l.lang, l.fallback);
/** Stored text in the call's language, or null. */
export const trOpt = (v: unknown, l: Lang) => tr(v, l) || null;
