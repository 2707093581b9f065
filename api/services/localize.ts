import type { Language } from "../contract/constants";

/** Translatable text as stored: one string, or a map of language → string. */
export type LocalizedText = string | Partial<Record<string, string>> | null | undefined;

/** Resolves stored text to one language: the asked one, then the channel's default, then any. */
export function localize(value: LocalizedText, lang: Language, fallback: Language): string {
  if (value == null) return "";
  if (typeof value === "string") return value;
  return value[lang] || value[fallback] || Object.values(value).find((v) => typeof v === "string" && v !== "") || "";
}

export function localizeOptional(value: LocalizedText, lang: Language, fallback: Language): string | null {
  const text = localize(value, lang, fallback);
  return text === "" ? null : text;
}
