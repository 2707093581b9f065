// Starts the first-party analytics client (issue 14) after hydration and tells it each page shown and who is signed
// in. The client is a separate chunk, imported only here and only when the channel has an analytics profile, so it
// never delays rendering. It sets no cookie and reads no cross-site id: it goes regardless of the cookie notice.
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AnalyticsConfig } from "./browser";
import type { AnalyticsClient } from "./client";

type PageView = Parameters<AnalyticsClient["page"]>[0];
type ViewerUser = { id: number; email: string | null };
/** What happened before the client loaded, in order: a page shown, or who the page showed as signed in (and where). */
type Waiting = { page: PageView } | { user: ViewerUser | null; url: string };
/** Entries kept while the client loads: more than a visitor clicks through in that time. */
const WAITING_MAX = 20;
/** This tab's entries from before the client loaded (the client's own keys share the "rudy_" prefix). */
const WAITING_KEY = "rudy_analytics_waiting";

const isView = (v: unknown): v is PageView => !!v && typeof v === "object" && typeof (v as PageView).url === "string";
const isUser = (v: unknown): v is ViewerUser | null => v === null || (!!v && typeof v === "object" && Number.isInteger((v as ViewerUser).id));
const isWaiting = (v: unknown): v is Waiting =>
  !!v && typeof v === "object" && ("page" in v ? isView(v.page) : "user" in v && isUser(v.user) && typeof (v as { url?: unknown }).url === "string");

function readWaiting(): Waiting[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(WAITING_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter(isWaiting) : [];
  } catch {
    return [];
  }
}

function writeWaiting(list: Waiting[]): void {
  try {
    if (list.length) window.sessionStorage.setItem(WAITING_KEY, JSON.stringify(list.slice(-WAITING_MAX)));
    else window.sessionStorage.removeItem(WAITING_KEY);
  } catch {
    // Storage refused (private mode, quota): those entries go unreported, as before the client existed.
  }
}

export interface AnalyticsProviderProps {
  config: AnalyticsConfig;
  user: { id: number; email: string } | null;
}

export function AnalyticsProvider({ config, user }: AnalyticsProviderProps) {
  const { profile, endpoint } = config;
  const [client, setClient] = useState<AnalyticsClient | null>(null);
  useEffect(() => {
    let live = true;
    import("./browser")
      .then(({ startAnalytics }) => live && setClient(startAnalytics({ profile, endpoint })))
      .catch((error: unknown) => console.warn("analytics unavailable:", error));
    return () => {
      live = false;
    };
  }, [profile, endpoint]);

  // What waited goes first, in order (this effect is declared before the two below, so it runs before them when the
  // client arrives): pages and sign-ins from before the client loaded, across full page loads too. A visitor who lands
  // on a campaign link (?trk=) and moves on at once keeps the landing page and its campaign; one who registers before
  // the client has loaded still counts as a login, since the client learns they were signed out first.
  useEffect(() => {
    if (!client) return;
    const waiting = readWaiting();
    writeWaiting([]);
    for (const entry of waiting) {
      if ("page" in entry) client.page(entry.page);
      else client.setUser(entry.user, entry.url);
    }
  }, [client]);

  const userId = user?.id ?? null;
  const email = user?.email ?? null;
  useEffect(() => {
    const current = userId === null ? null : { id: userId, email };
    if (client) {
      client.setUser(current, window.location.href);
      return;
    }
    const waiting = readWaiting();
    const lastUser = [...waiting].reverse().find((entry) => "user" in entry);
    if (lastUser && "user" in lastUser && (lastUser.user?.id ?? null) === userId) return;
    writeWaiting([...waiting, { user: current, url: window.location.href }]);
  }, [client, userId, email]);

  // Each URL shown once: the first page with the document's referrer, the next ones with the page before.
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const url = window.location.href;
    if (previous.current === url) return;
    const view = { url, title: document.title, referrer: previous.current ?? document.referrer };
    previous.current = url;
    if (client) client.page(view);
    else writeWaiting([...readWaiting(), { page: view }]);
  }, [client, pathname, search]);
  return null;
}
