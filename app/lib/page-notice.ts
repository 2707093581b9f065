// A refusal an action leaves for the page it sends a document post back to (a form posted without JavaScript): the
// page's address carries a code, `?notice=`, and the page shows the words for it (FlashNotice). Only the codes below
// are shown, each with words from the locales, so an address can never put text of its own on the page.

/** Code → the message's key in the locales. */
export const PAGE_NOTICES = {
  "favorites-too-many": "favorites:errors.tooMany",
  "favorites-gone": "favorites:errors.gone",
  "favorites-failed": "favorites:errors.generic",
} as const;

export type PageNotice = keyof typeof PAGE_NOTICES;
export const NOTICE_PARAM = "notice";

const isNotice = (value: string | null): value is PageNotice => value !== null && Object.hasOwn(PAGE_NOTICES, value);

/** A same-origin path with the notice in its query (one notice: an earlier one is replaced); the hash stays last. */
export function withNotice(path: string, notice: PageNotice): string {
  const url = new URL(path, "http://page.invalid");
  url.searchParams.set(NOTICE_PARAM, notice);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The locales key of the notice a page's query names, or null for none or a code not in PAGE_NOTICES. */
export function noticeKey(search: string): (typeof PAGE_NOTICES)[PageNotice] | null {
  const code = new URLSearchParams(search).get(NOTICE_PARAM);
  return isNotice(code) ? PAGE_NOTICES[code] : null;
}
