import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { noticeKey } from "~/lib/page-notice";

/** A confirmation carried to the next page in the history entry's state (`navigate(to, { state: flashState(text) })`). */
type FlashState = { flash?: { tone: "success"; text: string } };

export const flashState = (text: string): FlashState => ({ flash: { tone: "success", text } });

/**
 * What an action left for the page it led to:
 * - a confirmation ("Payment complete. Thank you!" on the event it bought), in the history entry: it shows on this
 *   page and goes with the next navigation, and a reload keeps it;
 * - a refusal of a form posted without JavaScript, by its code in the address (`?notice=`, app/lib/page-notice.ts),
 *   rendered on the server too, so it needs no script.
 */
export function FlashNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const flash = (location.state as FlashState | null)?.flash;
  const refusal = noticeKey(location.search);
  if (!flash?.text && !refusal) return null;
  return (
    <div className="page flash">
      {refusal ? (
        <p className="notice notice--error" role="alert">
          {t(refusal)}
        </p>
      ) : null}
      {flash?.text ? (
        <p className={`notice notice--${flash.tone}`} role="status">
          {flash.text}
        </p>
      ) : null}
    </div>
  );
}
