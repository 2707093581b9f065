// The share control of the shared-clip, watch and library pages (issues 11 and 12): the device's share sheet where the
// browser has one (phones), else the page's link to the clipboard, confirmed in a polite live region. If the
// clipboard is refused, the link shows in a read-only field, selected, to copy by hand.
import { TOAST_MS } from "@api/contract/constants";
import type { LinksFunction } from "@remix-run/cloudflare";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import shareButtonCss from "~/styles/share-button.css?url";

export const shareButtonLinks: LinksFunction = () => [{ rel: "stylesheet", href: shareButtonCss }];

type CopyState = "idle" | "copied" | "failed";

export interface ShareButtonProps {
  /** The absolute URL to share (the page's canonical address, as its OpenGraph card names it). */
  url: string;
  /** What the share sheet calls it. */
  title: string;
  /** The label of the copy-by-hand field ("Link to this clip", "Link to this event"). */
  linkLabel: string;
  /** Only copy (never the share sheet), with this button text: an address to paste elsewhere, e.g. a calendar feed. */
  copyOnly?: string;
  /** What the status line says once copied (default: "Link copied"). */
  copiedText?: string;
}

export function ShareButton({ url, title, linkLabel, copyOnly, copiedText }: ShareButtonProps) {
  const { t } = useTranslation("share");
  const fieldId = useId();
  const [native, setNative] = useState(false);
  const [state, setState] = useState<CopyState>("idle");
  const field = useRef<HTMLInputElement>(null);

  // Decided after hydration: the server cannot know, and both renders must agree.
  useEffect(
    () => setNative(!copyOnly && typeof navigator.share === "function" && (navigator.canShare?.({ url, title }) ?? true)),
    [url, title, copyOnly],
  );

  useEffect(() => {
    if (state === "failed") field.current?.select();
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), TOAST_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  const share = async () => {
    if (!native) return copy();
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) await copy();
    }
  };

  return (
    <div className="share-button">
      <button type="button" className="button button--ghost share-button__button" onClick={share} data-share={native ? "native" : "copy"}>
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
          <path d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1Z" />
        </svg>
        {native ? t("share") : (copyOnly ?? t("copyLink"))}
      </button>
      <p className="share-button__status" role="status" aria-live="polite" data-state={state}>
        {state === "copied" ? (copiedText ?? t("copied")) : state === "failed" ? t("copyFailed") : ""}
      </p>
      {state === "failed" ? (
        <div className="field share-button__field">
          <label htmlFor={fieldId}>{linkLabel}</label>
          <input id={fieldId} ref={field} type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
    </div>
  );
}
