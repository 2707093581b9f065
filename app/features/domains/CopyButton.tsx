// Copies one DNS record's name or value (issue 16). Shown only once the page has hydrated: without JavaScript the
// value is plain text beside it, to select and copy by hand. The outcome is said in a polite live region.
import { TOAST_MS } from "@api/contract/constants";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";

type CopyState = "idle" | "copied" | "failed";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("domains");
  const hydrated = useHydrated();
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), TOAST_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="domains__button domains__button--quiet copy-button__button" onClick={copy} aria-label={label} data-copy={text}>
        {t("copy.button")}
      </button>
      <span className="copy-button__status" role="status" aria-live="polite">
        {state === "copied" ? t("copy.copied") : state === "failed" ? t("copy.failed") : ""}
      </span>
    </span>
  );
}
