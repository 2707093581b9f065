// A direct upload's progress on /console/uploads (docs/decisions/025): a labelled <progress>, one live region that
// says what is happening (sending, trying again, stopped, sent, cancelled, sending again on a new URL), Cancel while
// it runs and Resume once stopped (a cancelled upload is removed by the page). A URL the provider no longer takes is
// renewed by the page (`onExpired`), once by itself and again on Resume, and the file goes again from its start. The
// sending itself is direct-upload.client.ts, loaded when an upload starts.
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DirectUpload } from "@api/contract/video";
import type { RunningUpload } from "./direct-upload.client";

type Phase = "idle" | "preparing" | "sending" | "retrying" | "renewing" | "stopped" | "done" | "cancelled";

export interface DirectUploadState {
  phase: Phase;
  title: string;
  sent: number;
  total: number;
  /** Sending or about to: the form waits. */
  busy: boolean;
  /** Uploads whose bytes this page sent (the list keeps refreshing until the provider finishes them). */
  sentIds: number[];
  /** The upload this page is sending (or last sent); null before the first. */
  activeId: number | null;
  prepare(file: File | null, title: string): void;
  start(made: DirectUpload): void;
  cancel(): void;
  resume(): void;
  /** Stopped because the URL no longer takes bytes: Resume asks for a new one and sends the file from its start. */
  expired: boolean;
  /** Why the last attempt at a new URL was refused, in the page's words. */
  problem: string | null;
  /** The page could not get a new URL (`problem`): stopped, and Resume asks again. */
  renewFailed(problem: string): void;
}

/**
 * `onCancelled` lets the page remove the upload the owner gave up (its row and what the provider holds); `onExpired`
 * asks the API for a new URL for the upload, which the page then hands to `start`.
 */
export function useDirectUpload(
  onDone: () => void,
  onCancelled: (uploadId: number) => void = () => undefined,
  onExpired: (uploadId: number) => void = () => undefined,
): DirectUploadState {
  const [phase, setPhase] = useState<Phase>("idle");
  const [title, setTitle] = useState("");
  const [progress, setProgress] = useState({ sent: 0, total: 0 });
  const [sentIds, setSentIds] = useState<number[]>([]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [expired, setExpired] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const file = useRef<File | null>(null);
  const running = useRef<RunningUpload | null>(null);
  /** The upload and the URL being sent to: a renewed upload starts again at its new URL. */
  const startedFor = useRef<{ id: number; url: string } | null>(null);
  /** A renewal made without the owner asking (one per upload). */
  const autoRenewed = useRef(false);

  const prepare = useCallback((chosen: File | null, name: string) => {
    file.current = chosen;
    setTitle(name);
  }, []);

  const start = useCallback(
    (made: DirectUpload) => {
      const chosen = file.current;
      if (!chosen || startedFor.current?.url === made.upload_url) return;
      if (startedFor.current?.id !== made.upload.id) autoRenewed.current = false;
      startedFor.current = { id: made.upload.id, url: made.upload_url };
      setExpired(false);
      setProblem(null);
      running.current?.abort();
      running.current = null;
      setActiveId(made.upload.id);
      setTitle(made.upload.title.en ?? "");
      setProgress({ sent: 0, total: chosen.size });
      setPhase("preparing");
      import("./direct-upload.client")
        .then(({ sendDirectUpload }) =>
          sendDirectUpload(chosen, made, {
            progress: (sent, total) => {
              setProgress({ sent, total });
              setPhase("sending");
            },
            retrying: () => setPhase("retrying"),
            stopped: (_error, urlGone) => {
              setExpired(urlGone);
              if (urlGone && !autoRenewed.current && startedFor.current) {
                autoRenewed.current = true;
                setProgress({ sent: 0, total: chosen.size });
                setPhase((p) => (p === "cancelled" ? p : "renewing"));
                onExpired(startedFor.current.id);
                return;
              }
              setPhase((p) => (p === "cancelled" ? p : "stopped"));
            },
            done: () => {
              running.current = null;
              setProgress({ sent: chosen.size, total: chosen.size });
              setPhase("done");
              setSentIds((ids) => [...ids, made.upload.id]);
              onDone();
            },
          }),
        )
        .then((upload) => {
          running.current = upload;
        })
        .catch(() => setPhase("stopped"));
    },
    [onDone, onExpired],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setPhase("cancelled");
    if (startedFor.current !== null) onCancelled(startedFor.current.id);
  }, [onCancelled]);

  const resume = useCallback(() => {
    // The URL is gone: the owner asks for a new one (the file goes again from its start).
    if (expired && startedFor.current) {
      setProblem(null);
      setPhase("renewing");
      onExpired(startedFor.current.id);
      return;
    }
    if (!running.current) return;
    setPhase("sending");
    running.current.resume();
  }, [expired, onExpired]);

  const renewFailed = useCallback((why: string) => {
    setExpired(true);
    setProblem(why);
    setPhase((p) => (p === "renewing" ? "stopped" : p));
  }, []);

  const busy = phase === "preparing" || phase === "sending" || phase === "retrying" || phase === "renewing";
  return { phase, title, sent: progress.sent, total: progress.total, busy, sentIds, activeId, expired, problem, prepare, start, cancel, resume, renewFailed };
}

const MB = 1024 * 1024;

export function DirectUploadStatus({ upload }: { upload: DirectUploadState }) {
  const { t } = useTranslation("video");
  const { phase, title, sent, total } = upload;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const messages: Record<Phase, string> = {
    idle: "",
    preparing: t("uploads.preparing"),
    sending: t("uploads.sendingFile"),
    retrying: t("uploads.retrying"),
    renewing: t("uploads.renewing"),
    stopped: upload.problem ?? (upload.expired ? t("uploads.expiredStopped") : t("uploads.stopped")),
    done: t("uploads.sent", { title }),
    cancelled: t("uploads.cancelled"),
  };
  const message = messages[phase];
  return (
    <div className="direct-upload">
      {phase === "idle" ? null : (
        <>
          <label htmlFor="direct-upload-progress">{t("uploads.progressLabel", { title })}</label>
          <progress id="direct-upload-progress" max={total || 1} value={sent} aria-valuetext={`${percent}%`} />
          <p className="direct-upload__amount">{t("uploads.progressAmount", { percent, sent: (sent / MB).toFixed(1), total: (total / MB).toFixed(1) })}</p>
        </>
      )}
      {/* Always in the page, so each change of phase is announced. */}
      <p role="status" className={`direct-upload__status direct-upload__status--${phase}`}>
        {message}
      </p>
      {upload.busy ? (
        <button type="button" className="button" onClick={upload.cancel}>
          {t("uploads.cancel")}
        </button>
      ) : null}
      {phase === "stopped" ? (
        <button type="button" className="button button--primary" onClick={upload.resume}>
          {t("uploads.resume")}
        </button>
      ) : null}
    </div>
  );
}
