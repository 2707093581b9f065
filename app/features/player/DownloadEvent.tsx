// The event download under the watch stage (issue 5, SPEC §4/§7): shown when the grant allows a download. The button
// posts intent=download to the page's action, which takes one download and answers a short-lived MP4 URL; the page
// then opens it (an attachment, so the page stays) and Remix's revalidation after the action reloads the allowance.
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { DownloadAllowance } from "@api/contract/media";
import { useTranslation } from "react-i18next";
import { clock } from "./usePlaybackState";

type DownloadAnswer = { url?: string; error?: string };

export function DownloadEvent({ allowance }: { allowance: DownloadAllowance }) {
  const { remaining } = allowance;
  const { t } = useTranslation("player");
  const fetcher = useFetcher<DownloadAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;

  useEffect(() => {
    // Each answer is a new object, so one ticket opens once even if the component re-renders.
    if (answer?.url) window.location.href = answer.url;
  }, [answer]);

  return (
    <section className="watch__download" aria-label={t("download.button")}>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="download" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("download.preparing") : t("download.button")}
        </button>
      </fetcher.Form>
      <p className="watch__download-left" aria-live="polite" data-remaining={remaining}>
        {t("download.remaining", { count: remaining })}
      </p>
      {allowance.covers_s < allowance.duration_s ? (
        <p className="watch__download-partial" data-testid="download-partial">
          {t("download.partial", { covers: clock(allowance.covers_s), duration: clock(allowance.duration_s) })}
        </p>
      ) : null}
      {answer?.error ? (
        <p className="watch__download-error" role="alert">
          {answer.error}
        </p>
      ) : null}
    </section>
  );
}
