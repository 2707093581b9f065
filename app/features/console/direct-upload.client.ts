// Sends a direct upload's file with tus (docs/decisions/025): to Stream's one-time URL, or to the local stand-in's
// dev-only endpoint, in the chunk size the API answered. tus-js-client is loaded here only, on /console/uploads, when
// an upload starts. A dropped connection is retried (HEAD for the offset, then the next chunk); past the retries the
// upload stops and `resume()` carries on from where the server says it is. A URL the provider no longer takes (404 or
// 410: Stream's one-time URL expired) stops it as `gone`: the page asks the API for a new URL and sends the file again.
import type { DirectUpload } from "@api/contract/video";

/** Waits between retries after a network error: about 40 s of trying before the upload stops and asks to resume. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export interface DirectUploadHandlers {
  progress(sent: number, total: number): void;
  /** A chunk failed and is being tried again. */
  retrying(): void;
  /** Past the retries, or refused: the upload is stopped until resume(). `gone`: the URL no longer takes bytes. */
  stopped(error: Error, gone: boolean): void;
  done(): void;
}

export interface RunningUpload {
  abort(): void;
  resume(): void;
}

export async function sendDirectUpload(file: File, target: Pick<DirectUpload, "upload_url" | "chunk_bytes">, on: DirectUploadHandlers): Promise<RunningUpload> {
  const { Upload } = await import("tus-js-client");
  const upload = new Upload(file, {
    uploadUrl: target.upload_url,
    chunkSize: target.chunk_bytes,
    retryDelays: RETRY_DELAYS_MS,
    // The URL is the API's answer for this page's upload; a reload makes a new one rather than guessing at an old one.
    storeFingerprintForResuming: false,
    onProgress: (sent, total) => on.progress(sent, total),
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      const retry = status === 0 || status === 409 || status === 423 || status >= 500;
      if (retry) on.retrying();
      return retry;
    },
    onError: (error) => {
      const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
      on.stopped(error, status === 404 || status === 410);
    },
    onSuccess: () => on.done(),
  });
  upload.start();
  return {
    abort: () => void upload.abort(false),
    resume: () => upload.start(),
  };
}
