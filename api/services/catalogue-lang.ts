import type { ChannelContext } from "../context";
import type { Language } from "../contract/constants";
import type { Lang } from "./channel-content";

/** The language translatable fields resolve to: the asked one (?lang=), else the channel's default. */
export function requestLang(asked: Language | undefined, channel: ChannelContext): Lang {
  return { lang: asked ?? channel.defaultLanguage, fallback: channel.defaultLanguage };
}

/** A list answer's meta. */
export const listMeta = (total: number, offset: number, limit: number) => ({ total, offset, limit });
