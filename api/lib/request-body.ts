// Request bodies read within a byte ceiling, and the refused or unread rest drained (issue 25). A server that answers
// while the client is still sending, and closes with unread bytes in the socket, makes TCP reset the connection: the
// client may never see the answer, and wrangler's local dev proxy stopped the whole server on it ("Network connection
// lost"). So what the Worker does not read is read and dropped before it answers, up to Cloudflare's own ceiling.

/**
 * Cloudflare's edge refuses larger bodies (100 MB on the Free and Pro plans) before the Worker runs: nothing larger
 * reaches it in production. Locally, past this the stream is cancelled and the client's connection may be reset.
 */
export const BODY_DRAIN_MAX_BYTES = 100 * 1024 * 1024;
/** A body that stops arriving is not waited for longer than this between two chunks (a stalled sender). */
export const BODY_DRAIN_IDLE_MS = 10_000;
/**
 * Nor for longer than this in all (the answer goes, the connection may be reset). A body that keeps arriving is read to
 * its end within it: under load bodies arrive slowly (in `npm run soak`, 50 connections on 2 cores, a 64 MiB body took
 * about 35 s with a Content-Length, chunked ones 60–80 s), and a single 10 s ceiling cut every 64 MiB body off, a 60 s
 * one every chunked 64 MiB body (the connection reset after the 4xx). A stalled sender is cut by the idle limit.
 */
export const BODY_DRAIN_MAX_MS = 180_000;

import { concatBytes } from "./bytes";

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** One read, or null when `until` passes first. */
async function readBefore(reader: Reader, until: number): Promise<ReadableStreamReadResult<Uint8Array> | null> {
  const left = until - Date.now();
  if (left <= 0) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left)));
  try {
    return await Promise.race([reader.read(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads and drops the rest of a stream, within the byte and time ceilings; past them, cancels it. */
export async function drainReader(reader: Reader, alreadyRead = 0): Promise<void> {
  const deadline = Date.now() + BODY_DRAIN_MAX_MS;
  let size = alreadyRead;
  try {
    while (size <= BODY_DRAIN_MAX_BYTES) {
      const chunk = await readBefore(reader, Math.min(deadline, Date.now() + BODY_DRAIN_IDLE_MS));
      if (!chunk) break;
      if (chunk.done) return;
      size += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A broken stream has nothing more to drain.
  }
}

/** Drains a request body nobody read (an answer given before reading: a 404, a 405, a refused size). */
export async function drainBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  await drainReader(request.body.getReader());
}

/**
 * The body's bytes, or null once it passes `maxBytes` (the rest is drained first, so the refusal reaches the client).
 * A chunked body has no Content-Length to check beforehand; this holds for both.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await drainReader(reader, size);
      return null;
    }
    chunks.push(value);
  }
  return concatBytes(chunks, size);
}

/**
 * A request's body within `maxBytes`, or null past it: refused by its declared Content-Length before reading, or once
 * the bytes pass it (a chunked body); either way drained first, so the refusal reaches the client.
 */
export async function readWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await drainBody(request);
    return null;
  }
  return readCapped(request.body, maxBytes);
}
