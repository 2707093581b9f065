// Plays one clip in a modal dialog (native <dialog>: focus stays inside, Escape closes). A ready clip plays its MP4
// file natively; an unfinished one plays at once from its instant preview, a DASH slice of the source's own segments
// (SPEC "two-phase clips"), through shaka (imported only when such a preview is opened).
import type { Clip } from "@api/contract/clips";
import { useEffect, useRef } from "react";
import { useMediaEvents } from "~/features/player/media-events";
import { useShakaPlayer } from "~/features/player/useShakaPlayer";

export function ClipPlayerDialog({ clip, onClose, closeLabel }: { clip: Clip; onClose: () => void; closeLabel: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const titleId = `clip-dialog-${clip.id}`;
  return (
    <dialog ref={dialogRef} className="clip-dialog" aria-labelledby={titleId} onClose={onClose} data-testid="clip-dialog">
      <div className="clip-dialog__head">
        <h2 id={titleId}>{clip.name}</h2>
        <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
          {closeLabel}
        </button>
      </div>
      {clip.file ? (
        <FileVideo clip={clip} url={clip.file.url} />
      ) : clip.preview ? (
        <PreviewVideo clip={clip} url={clip.preview.url} />
      ) : null}
    </dialog>
  );
}

function FileVideo({ clip, url }: { clip: Clip; url: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useMediaEvents(videoRef, { id: clip.id, type: "clip" });
  return <video ref={videoRef} className="clip-dialog__video" src={url} poster={clip.poster?.url} controls autoPlay playsInline data-testid="clip-video" />;
}

function PreviewVideo({ clip, url }: { clip: Clip; url: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const token = new URL(url).searchParams.get("token") ?? "";
  useShakaPlayer(videoRef, { eventId: clip.id, manifest: url, token, stream: { id: clip.id, type: "clip" } });
  return <video ref={videoRef} className="clip-dialog__video" controls muted playsInline data-testid="clip-preview-video" />;
}
