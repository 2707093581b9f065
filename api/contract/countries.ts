// Country names for the ISO 3166-1 alpha-2 codes the API reads from requests (geo, sessions), shared by the API and
// the web app, which names them in the page's language.

/** A country's name in `locale` (Intl.DisplayNames); the code itself when the runtime cannot name it; null for none. */
export function countryName(code: string | null, locale = "en"): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
