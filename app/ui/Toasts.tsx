import { TOAST_MS } from "@api/contract/constants";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type FlashToast, TOAST_COOKIE, type ToastType } from "~/lib/toast";

export interface ToastInput {
  text: string;
  /** info by default (SPEC §7). */
  type?: ToastType;
}

interface ShownToast {
  id: number;
  type: ToastType;
  text: string;
}

/** At most this many at once: a new one pushes the oldest out. */
const MAX_TOASTS = 3;

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

/** Shows a toast: `toast({ text, type })`. */
export const useToast = () => useContext(ToastContext);

let seq = 0;

/**
 * The page's toasts, bottom of the screen, in one polite live region (an error one is an alert). `flash` is the one a
 * redirect left in the cookie (root loader): shown once, then the cookie is cleared.
 */
export function ToastProvider({ flash, children }: { flash: FlashToast | null; children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const push = useCallback((toast: ToastInput) => {
    setToasts((list) => [...list.slice(-(MAX_TOASTS - 1)), { id: ++seq, type: toast.type ?? "info", text: toast.text }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const flashId = flash?.id;
  useEffect(() => {
    if (!flash) return;
    document.cookie = `${TOAST_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    push({ type: flash.type, text: t(`toasts.${flash.key}`) });
    // One showing per flash: its id changes when another is flashed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flashId]);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDone }: { toast: ShownToast; onDone: (id: number) => void }) {
  const { t } = useTranslation();
  const held = useRef(false);
  const [left, setLeft] = useState(TOAST_MS);
  useEffect(() => {
    // Counts down in steps, so hovering or focusing it holds the time left.
    const step = 250;
    const timer = window.setInterval(() => {
      if (held.current) return;
      setLeft((ms) => ms - step);
    }, step);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) onDone(toast.id);
  }, [left, onDone, toast.id]);
  const hold = (on: boolean) => () => void (held.current = on);
  return (
    <div
      className={`toast toast--${toast.type}`}
      role={toast.type === "error" ? "alert" : undefined}
      data-type={toast.type}
      onMouseEnter={hold(true)}
      onMouseLeave={hold(false)}
      onFocus={hold(true)}
      onBlur={hold(false)}
    >
      <p className="toast__text">{toast.text}</p>
      <button type="button" className="toast__close" onClick={() => onDone(toast.id)} aria-label={t("toasts.close")}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
