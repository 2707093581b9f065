import { type RefObject, useEffect } from "react";

/**
 * Closes a <details> menu of the header on Escape (focus back on its summary) and on a click or tap outside it. The
 * disclosure itself still works without JavaScript.
 */
export function useDismiss(ref: RefObject<HTMLDetailsElement>) {
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !details.open) return;
      e.preventDefault();
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    details.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      details.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [ref]);
}
