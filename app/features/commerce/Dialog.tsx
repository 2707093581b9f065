// A modal dialog on the native <dialog>: showModal() keeps focus inside and Escape closes it; focus goes back to
// where it was when the dialog closes (WCAG 2.4.3).
import { type ReactNode, useEffect, useId, useRef } from "react";

export function Dialog({
  open,
  title,
  onClose,
  children,
  role = "dialog",
  returnFocus,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  /** Where focus goes when the dialog closes, if not back to what had it (that may be gone or disabled by then). */
  returnFocus?: () => HTMLElement | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      onClose();
      // Once React has applied the close: a button disabled while the page reloads its data is enabled again
      // shortly, so a disabled target is retried for up to a second.
      let tries = 0;
      const restore = () => {
        const target = returnFocus?.() ?? returnTo.current;
        if (!target?.isConnected) return;
        if ((target as HTMLButtonElement).disabled && tries++ < 20) return void setTimeout(restore, 50);
        target.focus();
      };
      setTimeout(restore, 0);
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [onClose, returnFocus]);
  return (
    <dialog ref={ref} className="commerce-dialog" aria-labelledby={titleId} role={role === "alertdialog" ? "alertdialog" : undefined}>
      <h2 id={titleId} className="commerce-dialog__title">
        {title}
      </h2>
      {open ? children : null}
    </dialog>
  );
}
