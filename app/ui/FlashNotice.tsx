import { useLocation } from "@remix-run/react";

/** A confirmation carried to the next page in the history entry's state (`navigate(to, { state: flashState(text) })`). */
type FlashState = { flash?: { tone: "success"; text: string } };

export const flashState = (text: string): FlashState => ({ flash: { tone: "success", text } });

/**
 * The confirmation an action left for the page it led to ("Payment complete. Thank you!" on the event it bought).
 * It lives in the history entry: it shows on this page and goes with the next navigation, and a reload keeps it.
 */
export function FlashNotice() {
  const flash = (useLocation().state as FlashState | null)?.flash;
  if (!flash?.text) return null;
  return (
    <div className="page flash">
      <p className={`notice notice--${flash.tone}`} role="status">
        {flash.text}
      </p>
    </div>
  );
}
