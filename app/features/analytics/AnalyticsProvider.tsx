// Starts the first-party analytics client (issue 14) after hydration and tells it each page shown and who is signed
// in. The client is a separate chunk, imported only here and only when the channel has an analytics profile, so it
// never delays rendering. It sets no cookie and reads no cross-site id: it goes regardless of the cookie notice.
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AnalyticsConfig } from "./browser";
import type { AnalyticsClient } from "./client";
import { readWaiting, startWithWaiting, tabStorage, writeWaiting } from "./waiting";

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
      .then(({ startAnalytics }) => {
        if (!live) return;
        // Pages and sign-ins from before the client loaded, across full page loads too, go first and in the same task
        // (./waiting). A visitor who lands on a campaign link (?trk=) and moves on at once keeps the landing page and
        // its campaign; one who registers before the client has loaded still counts as a login, since the client
        // learns they were signed out first.
        setClient(startWithWaiting(() => startAnalytics({ profile, endpoint }), tabStorage()));
      })
      .catch((error: unknown) => console.warn("analytics unavailable:", error));
    return () => {
      live = false;
    };
  }, [profile, endpoint]);

  const userId = user?.id ?? null;
  const email = user?.email ?? null;
  useEffect(() => {
    const current = userId === null ? null : { id: userId, email };
    if (client) {
      client.setUser(current, window.location.href);
      return;
    }
    const waiting = readWaiting(tabStorage());
    const lastUser = [...waiting].reverse().find((entry) => "user" in entry);
    if (lastUser && "user" in lastUser && (lastUser.user?.id ?? null) === userId) return;
    writeWaiting(tabStorage(), [...waiting, { user: current, url: window.location.href }]);
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
    else writeWaiting(tabStorage(), [...readWaiting(tabStorage()), { page: view }]);
  }, [client, pathname, search]);
  return null;
}
