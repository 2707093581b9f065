// A direct upload's progress on /console/uploads (docs/decisions/025): a labelled <progress>, one live region that
// says what is happening (sending, trying again, stopped, sent, cancelled), Cancel while it runs and Resume once
// stopped (a cancelled upload is removed by the page). The sending itself is direct-upload.client.ts, loaded when an upload starts.
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DirectUpload } from "@api/contract/video";
import type { RunningUpload } from "./direct-upload.client";

type Phase = "idle" | "preparing" | "sending" | "retrying" | "stopped" | "done" | "cancelled";

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
}

/** `onCancelled` lets the page remove the upload the owner gave up (its row and what the provider holds). */
export function useDirectUpload(onDone: () => void, onCancelled: (uploadId: number) => void = () => undefined): DirectUploadState {
  const [phase, setPhase] = useState<Phase>("idle");
  const [title, setTitle] = useState("");
  const [progress, setProgress] = useState({ sent: 0, total: 0 });
  const [sentIds, setSentIds] = useState<number[]>([]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const file = useRef<File | null>(null);
  const running = useRef<RunningUpload | null>(null);
  const startedFor = useRef<number | null>(null);

  const prepare = useCallback((chosen: File | null, name: string) => {
    file.current = chosen;
    setTitle(name);
  }, []);

  const start = useCallback(
    (made: DirectUpload) => {
      const chosen = file.current;
      if (!chosen || startedFor.current === made.upload.id) return;
      startedFor.current = made.upload.id;
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
            stopped: () => setPhase((p) => (p === "cancelled" ? p : "stopped")),
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
    [onDone],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setPhase("cancelled");
    if (startedFor.current !== null) onCancelled(startedFor.current);
  }, [onCancelled]);

  const resume = useCallback(() => {
    if (!running.current) return;
    setPhase("sending");
    running.current.resume();
  }, []);

  const busy = phase === "preparing" || phase === "sending" || phase === "retrying";
  return { phase, title, sent: progress.sent, total: progress.total, busy, sentIds, activeId, prepare, start, cancel, resume };
}

const MB = 1024 * 1024;

export function DirectUploadStatus({ upload }: { upload: DirectUploadState }) {
  const { t } = useTranslation("video");
  const { phase, title, sent, total } = upload;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const message =
    phase === "preparing"
      ? t("uploads.preparing")
      : phase === "sending"
        ? t("uploads.sendingFile")
        : phase === "retrying"
          ? t("uploads.retrying")
          : phase === "stopped"
            ? t("uploads.stopped")
            : phase === "done"
              ? t("uploads.sent", { title })
              : phase === "cancelled"
                ? t("uploads.cancelled")
                : "";
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
