import { createContext, useContext } from "react";

/**
 * The page's translations, sent in the document: the browser starts i18next from them at once instead of fetching one
 * chunk per namespace after its entry has run (a waterfall of 13 requests before hydration). The server provides the
 * serialised JSON; in the browser the context is empty and the element keeps what the server wrote.
 */
export const INLINE_TRANSLATIONS_ID = "i18n-resources";
export const InlineTranslationsContext = createContext("");

export function InlineTranslations() {
  const json = useContext(InlineTranslationsContext);
  // Like Remix's own context script: React leaves a hydrated element's inner HTML alone, so the browser renders
  // nothing in it and the server's JSON stays.
  return <script id={INLINE_TRANSLATIONS_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json || " " }} />;
}

/** The resources the server inlined for the document's language, or null (an error page, an old cached page). */
export function readInlineTranslations(): Record<string, Record<string, unknown>> | null {
  const text = document.getElementById(INLINE_TRANSLATIONS_ID)?.textContent?.trim();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, Record<string, unknown>>) : null;
  } catch {
    return null;
  }
}
