// How every form action reads its body (ADR 021). A body the action cannot read is the sender's fault, so it is a
// 4xx, never a 500: 415 for a type other than a form's, 400 for a form that does not parse or is too large. The
// thrown answer carries a code the root error boundary words in the visitor's language.
import { json } from "@remix-run/cloudflare";
import { drainBody, readCapped, readWithin } from "@api/lib/request-body";
import { FETCH_MARKER } from "~/lib/fetch-marker";

/** The two encodings an HTML form (and Remix's fetchers, and sendBeacon with a form) sends. */
export const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
/** Our forms hold a few short fields and no files; 64 KiB is far above any of them. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;

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
  if (!mime) {
    if (!bodyless) {
      await drainBody(request);
      throw refuse("unsupported_form", 415);
    }
    // No type is only fine when there is nothing to read.
    const body = await readCapped(request.body, maxBytes).catch(() => null);
    if (body?.byteLength !== 0) throw refuse("unsupported_form", 415);
    return new FormData();
  }
  if (!(FORM_CONTENT_TYPES as readonly string[]).includes(mime)) {
    await drainBody(request);
    throw refuse("unsupported_form", 415);
  }
  // Read and dropped when refused (api/lib/request-body.ts): the client sees the 400, the server goes on.
  const body = await readWithin(request, maxBytes).catch(() => null);
  if (!body) throw refuse("bad_form", 400);
  try {
    return await new Response(body, { headers: { "Content-Type": contentType! } }).formData();
  } catch {
    throw refuse("bad_form", 400);
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
