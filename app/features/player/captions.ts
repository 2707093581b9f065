// The viewer's captions choice (issue 15, WCAG 1.2.2/1.2.4): on or off, and which language. Remembered in this
// browser; when on without a remembered language, the page's language is used if the media has it. Pure, except
// the storage helpers, which never throw (private modes refuse storage).

export interface CaptionPref {
  on: boolean;
  /** The chosen language, or null to follow the page's. */
  lang: string | null;
}

export const CAPTIONS_STORAGE_KEY = "player.captions";
export const DEFAULT_CAPTION_PREF: CaptionPref = { on: false, lang: null };

/** A stored choice, or the default for anything missing or malformed. */
export function parseCaptionPref(raw: string | null | undefined): CaptionPref {
  if (!raw) return DEFAULT_CAPTION_PREF;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== "object") return DEFAULT_CAPTION_PREF;
    const { on, lang } = value as Record<string, unknown>;
    return { on: on === true, lang: typeof lang === "string" && /^[a-z]{2}$/.test(lang) ? lang : null };
  } catch {
    return DEFAULT_CAPTION_PREF;
  }
}

/**
 * The language to show, or null for none: off, or no captions. When on: the chosen language if the media has it,
 * else the page's, else the first the media offers.
 */
export function captionLanguage(available: readonly string[], pref: CaptionPref, pageLang: string): string | null {
  if (!pref.on || available.length === 0) return null;
  if (pref.lang && available.includes(pref.lang)) return pref.lang;
  if (available.includes(pageLang)) return pageLang;
  return available[0]!;
}

export function readCaptionPref(): CaptionPref {
  try {
    return parseCaptionPref(window.localStorage.getItem(CAPTIONS_STORAGE_KEY));
  } catch {
    return DEFAULT_CAPTION_PREF;
  }
}

export function storeCaptionPref(pref: CaptionPref): void {
  try {
    window.localStorage.setItem(CAPTIONS_STORAGE_KEY, JSON.stringify(pref));
  } catch {
    // Not remembered, still applied.
  }
}
