// Spoiler-safe (issue 27) for the whole document: the root loader reads the cookie once (spoilers.ts) and this context
// hands the choice to every score the page shows (the watch page's bug and plays, the event cards, search results).
// The watch page's switch changes it here, so the cards of the next page follow without a reload.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { writeChoice } from "./spoilers";

interface SpoilerSafe {
  hidden: boolean;
  toggle: () => void;
}

// Outside the provider (an error page) scores show, as they do for a browser without the cookie.
const SpoilerSafeContext = createContext<SpoilerSafe>({ hidden: false, toggle: () => {} });

export function SpoilerSafeProvider({ hidden: initial, onAccount = false, children }: { hidden: boolean; onAccount?: boolean; children: ReactNode }) {
  const [hidden, setHidden] = useState(initial);
  // The server's reading changes when the viewer signs in or out (the account's choice, or this browser's).
  useEffect(() => setHidden(initial), [initial]);
  const current = useRef(hidden);
  current.current = hidden;
  const toggle = useCallback(() => {
    const next = !current.current;
    writeChoice(next);
    // Signed in, the account keeps it too, for its other devices. A failed save leaves this browser's choice.
    if (onAccount) void fetch("/action/spoilers", { method: "POST", body: new URLSearchParams({ hidden: next ? "1" : "0" }) }).catch(() => undefined);
    setHidden(next);
  }, [onAccount]);
  const value = useMemo(() => ({ hidden, toggle }), [hidden, toggle]);
  return <SpoilerSafeContext.Provider value={value}>{children}</SpoilerSafeContext.Provider>;
}

/** The viewer's choice, and the switch that changes it (and writes the cookie for the next pages). */
export function useSpoilerSafe(): [boolean, () => void] {
  const { hidden, toggle } = useContext(SpoilerSafeContext);
  return [hidden, toggle];
}

/** Whether scores are hidden on this page. */
export const useScoresHidden = () => useContext(SpoilerSafeContext).hidden;
