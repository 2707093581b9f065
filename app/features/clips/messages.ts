// The clip texts that come from the API or the settings, in the visitor's language: the SPEC §5 messages (the API
// answers them in English; the web translates them by key) and the channel's tags.
import { CLIP_MESSAGES, type ClipFormMessages, type ClipMessageKey } from "@api/contract/clips";
import type { ClipTagSetting } from "@api/contract/settings";
import type { TFunction } from "i18next";

/** The form schema's messages, translated (the cutter validates with the API's own schema). */
export function clipFormMessages(t: TFunction): ClipFormMessages {
  return {
    nameRequired: t("clips:messages.nameRequired"),
    nameTooLong: t("clips:messages.nameTooLong"),
    tagRequired: t("clips:messages.tagRequired"),
    maxDuration: t("clips:messages.maxDuration"),
    startOutside: t("clips:messages.startOutside"),
    noSource: t("clips:messages.noSource"),
  };
}

/** An API clip message in the visitor's language; other text passes unchanged. */
export function clipMessage(t: TFunction, message: string): string {
  const key = (Object.keys(CLIP_MESSAGES) as ClipMessageKey[]).find((k) => CLIP_MESSAGES[k] === message);
  return key ? t(`clips:messages.${key}`) : message;
}

/** Field errors with their messages translated. */
export function clipFieldErrors(t: TFunction, errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => clipMessage(t, m))]));
}

export interface ClipTag {
  key: string;
  label: string;
}

/** The channel's tags (setting `clips.tags`) with their labels: a named tag's own name, else the translated key. */
export function clipTags(settings: readonly ClipTagSetting[], t: TFunction, lang: string): ClipTag[] {
  return settings.map((tag) => {
    if (typeof tag !== "string") {
      const label = typeof tag.name === "string" ? tag.name : (tag.name[lang as "en"] ?? Object.values(tag.name)[0] ?? tag.key);
      return { key: tag.key, label };
    }
    return { key: tag, label: t(`clips:tags.${tag}`, { defaultValue: tag }) };
  });
}

/** A tag key's label among the channel's tags (an unknown key shows itself). */
export const tagLabel = (tags: readonly ClipTag[], key: string) => tags.find((tag) => tag.key === key)?.label ?? key;
