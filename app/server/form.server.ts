// How every form action reads its body (ADR 021). A body the action cannot read is the sender's fault, so it is a
// 4xx, never a 500: 415 for a type other than a form's, 400 for a form that does not parse or is too large. The
// thrown answer carries a code the root error boundary words in the visitor's language.
import { json } from "@remix-run/cloudflare";
import { FETCH_MARKER } from "~/lib/fetch-marker";

/** The two encodings an HTML form (and Remix's fetchers, and sendBeacon with a form) sends. */
export const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
/** Our forms hold a few short fields and no files; 64 KiB is far above any of them. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;
/**
 * A refused body is still read up to this much and thrown away: a server that answers and closes with unread bytes
 * in the socket makes TCP reset the connection, and the client may never see the 4xx. Past it, the reset is fine.
 */
const DRAIN_MAX_BYTES = 1024 * 1024;

export type FormBodyErrorCode = "unsupported_form" | "bad_form";

const refuse = (code: FormBodyErrorCode, status: 400 | 415) => json({ code }, { status, headers: { "Cache-Control": "no-store" } });

export interface ReadFormOptions {
  /** The action takes no fields (log out, resend, device poll): a body-less post without a content type is fine. */
  bodyless?: boolean;
  /** A multipart form that may carry a file (the console's image fields): its larger limit. Other forms keep 64 KiB. */
  fileMaxBytes?: number;
}

/**
 * The posted form, or a thrown 415 / 400 answer. Call it first in an action, before anything that needs the form or
 * has side effects.
 */
export async function readForm(request: Request, { bodyless = false, fileMaxBytes }: ReadFormOptions = {}): Promise<FormData> {
  const contentType = request.headers.get("content-type");
  const mime = contentType?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  const maxBytes = fileMaxBytes && mime === "multipart/form-data" ? fileMaxBytes : FORM_BODY_MAX_BYTES;
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (!mime) {
    if (!bodyless) {
      await drain(request);
      throw refuse("unsupported_form", 415);
    }
    // No type is only fine when there is nothing to read.
    const body = request.body ? await readCapped(request, maxBytes).catch(() => null) : new ArrayBuffer(0);
    if (body?.byteLength !== 0) throw refuse("unsupported_form", 415);
    return new FormData();
  }
  if (!(FORM_CONTENT_TYPES as readonly string[]).includes(mime)) {
    await drain(request);
    throw refuse("unsupported_form", 415);
  }
  if (Number.isFinite(declared) && declared > maxBytes) {
    await drain(request);
    throw refuse("bad_form", 400);
  }
  const body = await readCapped(request, maxBytes);
  try {
    return await new Response(body, { headers: { "Content-Type": contentType! } }).formData();
  } catch {
    throw refuse("bad_form", 400);
  }
}

/** The body, refused once it passes the limit (a chunked body has no Content-Length to check first). */
async function readCapped(request: Request, maxBytes: number): Promise<ArrayBuffer> {
  if (!request.body) return new ArrayBuffer(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await drainReader(reader, size);
        throw refuse("bad_form", 400);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    throw refuse("bad_form", 400);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out.buffer;
}

/** Reads and drops the rest of a refused body, up to DRAIN_MAX_BYTES (see there). */
async function drain(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  await drainReader(request.body.getReader(), 0);
}

async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let size = alreadyRead;
  try {
    while (size <= DRAIN_MAX_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A broken stream has nothing more to drain.
  }
}

/**
 * The form came from a hydrated page's fetcher, which wants JSON; otherwise it is a document post, without JavaScript
 * or before hydration, which goes back to its page. A fetcher's request is a script's (`Sec-Fetch-Dest: empty`, which
 * browsers set and a page cannot) or carries `FetchMarker`'s field, for a browser that sends no Sec-Fetch headers.
 * The header matters in the first frames after hydration: the form is already a fetcher's, but the marker renders
 * one effect later, and a redirect answered to a fetcher would navigate the page away from under the visitor.
 */
export const answersJson = (form: FormData | null | undefined, request: Request): boolean =>
  request.headers.get("sec-fetch-dest") === "empty" || form?.get(FETCH_MARKER.name) === FETCH_MARKER.value;
