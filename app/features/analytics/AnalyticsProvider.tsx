// Starts the first-party analytics client (issue 14) after hydration and tells it each page shown and who is signed
// in. The client is a separate chunk, imported only here and only when the channel has an analytics profile, so it
// never delays rendering. It sets no cookie and reads no cross-site id: it goes regardless of the cookie notice.
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AnalyticsConfig } from "./browser";
import type { AnalyticsClient } from "./client";

type PageView = Parameters<AnalyticsClient["page"]>[0];
/** Pages kept while the client loads: more than a visitor clicks through in that time. */
const WAITING_MAX = 20;
/** This tab's pages shown before the client loaded (the client's own keys share the "rudy_" prefix). */
const WAITING_KEY = "rudy_analytics_waiting";

const isView = (v: unknown): v is PageView => !!v && typeof v === "object" && typeof (v as PageView).url === "string";

function readWaiting(): PageView[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(WAITING_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter(isView) : [];
  } catch {
    return [];
  }
}

function writeWaiting(list: PageView[]): void {
  try {
    if (list.length) window.sessionStorage.setItem(WAITING_KEY, JSON.stringify(list.slice(-WAITING_MAX)));
    else window.sessionStorage.removeItem(WAITING_KEY);
  } catch {
    // Storage refused (private mode, quota): those pages go unreported, as before the client existed.
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

  const userId = user?.id ?? null;
  const email = user?.email ?? null;
  useEffect(() => {
    client?.setUser(userId === null ? null : { id: userId, email }, window.location.href);
  }, [client, userId, email]);

  // Each URL shown once: the first page with the document's referrer, the next ones with the page before. Pages shown
  // before the client's chunk has loaded wait in this tab's storage, across full page loads too, and go in order once
  // it has: a visitor who lands on a campaign link (?trk=) and moves on at once keeps the landing page and its campaign.
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (!client) return;
    const waiting = readWaiting();
    writeWaiting([]);
    for (const view of waiting) client.page(view);
  }, [client]);
  useEffect(() => {
    const url = window.location.href;
    if (previous.current === url) return;
    const view = { url, title: document.title, referrer: previous.current ?? document.referrer };
    previous.current = url;
    if (client) client.page(view);
    else writeWaiting([...readWaiting(), view]);
  }, [client, pathname, search]);
  return null;
}
