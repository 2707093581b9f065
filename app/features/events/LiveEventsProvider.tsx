// The page's live-state connections (issue 26, live-subscriptions.ts), one manager for the document: the watch page
// and every event card reach it through this context, so one event shown twice holds one connection, and the changes
// they hear reload the current page's data (Remix revalidation) once.
import { useRevalidator } from "@remix-run/react";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { LiveSubscriptions } from "./live-subscriptions";

const LiveEventsContext = createContext<LiveSubscriptions | null>(null);

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const revalidator = useRevalidator();
  const reload = useRef(() => {});
  reload.current = () => revalidator.revalidate();
  // Made after hydration, in the browser only (the server renders no connection), and disposed with the document.
  const [manager, setManager] = useState<LiveSubscriptions | null>(null);
  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    const made = new LiveSubscriptions({ location: window.location, WebSocket, EventSource: typeof EventSource === "undefined" ? undefined : EventSource }, () => reload.current());
    setManager(made);
    return () => made.dispose();
  }, []);
  return <LiveEventsContext.Provider value={manager}>{children}</LiveEventsContext.Provider>;
}

export const useLiveSubscriptions = () => useContext(LiveEventsContext);
