// What happens in a tab before the analytics client has loaded (issue 14): the pages shown and who each showed as
// signed in, in order, kept in the tab's sessionStorage so a full page load does not lose them. The client is handed
// them in the same task it starts in, before anything it now observes (a data request answering, a player event)
// can be recorded: those must find the landing page's campaign (?trk=) and the signed-in user already known.
import type { AnalyticsClient } from "./client";

export type PageView = Parameters<AnalyticsClient["page"]>[0];
export type ViewerUser = { id: number; email: string | null };
/** A page shown, or who the page showed as signed in (and where). */
export type Waiting = { page: PageView } | { user: ViewerUser | null; url: string };
/** The tab's storage, as far as this module uses it. */
export type TabStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Entries kept while the client loads: more than a visitor clicks through in that time. */
export const WAITING_MAX = 20;
/** This tab's entries from before the client loaded (the client's own keys share the "rudy_" prefix). */
export const WAITING_KEY = "rudy_analytics_waiting";

const isView = (v: unknown): v is PageView => !!v && typeof v === "object" && typeof (v as PageView).url === "string";
const isUser = (v: unknown): v is ViewerUser | null => v === null || (!!v && typeof v === "object" && Number.isInteger((v as ViewerUser).id));
const isWaiting = (v: unknown): v is Waiting =>
  !!v && typeof v === "object" && ("page" in v ? isView(v.page) : "user" in v && isUser(v.user) && typeof (v as { url?: unknown }).url === "string");

/** sessionStorage, or null where the browser denies it (a framed embed with storage blocked). */
export function tabStorage(): TabStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readWaiting(storage: TabStorage | null): Waiting[] {
  try {
    const list: unknown = JSON.parse(storage?.getItem(WAITING_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter(isWaiting) : [];
  } catch {
    return [];
  }
}

export function writeWaiting(storage: TabStorage | null, list: Waiting[]): void {
  try {
    if (list.length) storage?.setItem(WAITING_KEY, JSON.stringify(list.slice(-WAITING_MAX)));
    else storage?.removeItem(WAITING_KEY);
  } catch {
    // Storage refused (quota): those entries go unreported, as before the client existed.
  }
}

/**
 * Starts the client and hands it what waited, in order, before returning: nothing the client observes from its start
 * can come in between. Null when analytics is off here.
 */
export function startWithWaiting(start: () => AnalyticsClient | null, storage: TabStorage | null): AnalyticsClient | null {
  const client = start();
  if (!client) return null;
  const waiting = readWaiting(storage);
  writeWaiting(storage, []);
  for (const entry of waiting) {
    if ("page" in entry) client.page(entry.page);
    else client.setUser(entry.user, entry.url);
  }
  return client;
}
