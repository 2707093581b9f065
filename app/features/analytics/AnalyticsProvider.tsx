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
  // before the client's chunk has loaded wait here and go in order once it has: a visitor who lands on a campaign
  // link (?trk=) and moves on at once keeps the landing page and its campaign.
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  const waiting = useRef<PageView[]>([]);
  useEffect(() => {
    if (client) for (const view of waiting.current.splice(0)) client.page(view);
  }, [client]);
  useEffect(() => {
    const url = window.location.href;
    if (previous.current === url) return;
    const view = { url, title: document.title, referrer: previous.current ?? document.referrer };
    previous.current = url;
    if (client) client.page(view);
    else if (waiting.current.push(view) > WAITING_MAX) waiting.current.shift();
  }, [client, pathname, search]);
  return null;
}
