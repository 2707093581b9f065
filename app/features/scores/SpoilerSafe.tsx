// Spoiler-safe (issue 27) for the whole document: the root loader reads the cookie once (spoilers.ts) and this context
// hands the choice to every score the page shows (the watch page's bug and plays, the event cards, search results).
// The watch page's switch changes it here, so the cards of the next page follow without a reload.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { writeChoice } from "./spoilers";

interface SpoilerSafe {
  hidden: boolean;
  toggle: () => void;
}

// Outside the provider (an error page) scores show, as they do for a browser without the cookie.
const SpoilerSafeContext = createContext<SpoilerSafe>({ hidden: false, toggle: () => {} });

export function SpoilerSafeProvider({ hidden: initial, children }: { hidden: boolean; children: ReactNode }) {
  const [hidden, setHidden] = useState(initial);
  const toggle = useCallback(() => {
    setHidden((h) => {
      writeChoice(!h);
      return !h;
    });
  }, []);
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
