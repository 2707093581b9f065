import { type RefObject, useEffect } from "react";

/**
 * Closes a <details> menu of the header on Escape (focus back on its summary) and on a click or tap outside it. The
 * disclosure itself still works without JavaScript. The listeners read `ref.current` when an event comes, so a menu
 * that appears later (the account menu after signing in) is handled too.
 */
export function useDismiss(ref: RefObject<HTMLDetailsElement>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const details = ref.current;
      if (e.key !== "Escape" || !details?.open || !details.contains(document.activeElement)) return;
      e.preventDefault();
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(e.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [ref]);
}
