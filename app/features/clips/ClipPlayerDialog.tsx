// Plays one clip in a modal dialog (native <dialog>: focus stays inside, Escape closes). A ready clip plays its MP4
// file natively; an unfinished one plays at once from its instant preview, a DASH slice of the source's own segments
// (SPEC "two-phase clips"), through shaka (imported only when such a preview is opened). Rendered on the server (the
// page's address asked for the clip) it is open in the page; once the script runs it becomes modal.
import type { Clip } from "@api/contract/clips";
import { useEffect, useRef } from "react";
import { useMediaEvents } from "~/features/player/media-events";
import { useShakaPlayer } from "~/features/player/useShakaPlayer";

export function ClipPlayerDialog({ clip, onClose, closeLabel, closeHref }: { clip: Clip; onClose: () => void; closeLabel: string; closeHref: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Open in the page (the server's rendering): taking the attribute away closes it without a "close" event.
    if (dialog.open && !dialog.matches(":modal")) dialog.removeAttribute("open");
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  const titleId = `clip-dialog-${clip.id}`;
  return (
    <dialog ref={dialogRef} open className="clip-dialog" aria-labelledby={titleId} onClose={onClose} data-testid="clip-dialog">
      <div className="clip-dialog__head">
        <h2 id={titleId}>{clip.name}</h2>
        {/* A link: it closes the dialog without the script too (back to the page without ?play). */}
        <a
          href={closeHref}
          className="button"
          onClick={(e) => {
            e.preventDefault();
            dialogRef.current?.close();
          }}
        >
          {closeLabel}
        </a>
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
