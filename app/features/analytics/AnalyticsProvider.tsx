// Starts the first-party analytics client (issue 14) after hydration and tells it each page shown and who is signed
// in. The client is a separate chunk, imported only here and only when the channel has an analytics profile, so it
// never delays rendering. It sets no cookie and reads no cross-site id: it goes regardless of the cookie notice.
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AnalyticsConfig } from "./browser";
import type { AnalyticsClient } from "./client";

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

  // Each URL shown once: the first page with the document's referrer, the next ones with the page before.
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (!client) return;
    const url = window.location.href;
    if (previous.current === url) return;
    client.page({ url, title: document.title, referrer: previous.current ?? document.referrer });
    previous.current = url;
  }, [client, pathname, search]);
  return null;
}
