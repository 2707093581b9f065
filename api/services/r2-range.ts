// Serving one R2 object over HTTP with single byte ranges and ETag revalidation. Bodies are streamed straight from
// R2: a Worker has 128 MB, and media objects are never read whole.

export type ByteRange = { offset: number; length: number };

/**
 * The one range of a `Range` header against an object of `size` bytes: null when there is no usable header (serve
 * it whole, as RFC 9110 allows for multiple or malformed ranges), "unsatisfiable" for a 416.
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const first = Number(match[1]);
  const last = match[2] === "" ? size - 1 : Number(match[2]);
  if (match[2] !== "" && last < first) return null;
  if (first >= size) return "unsatisfiable";
  return { offset: first, length: Math.min(last, size - 1) - first + 1 };
}

const CONTENT_TYPES: Record<string, string> = {
  mpd: "application/dash+xml",
  m3u8: "application/vnd.apple.mpegurl",
  m4s: "video/iso.segment",
  mp4: "video/mp4",
  m4a: "audio/mp4",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  vtt: "text/vtt",
  json: "application/json",
};

export function contentTypeFor(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/** Segments and images never change under a name; manifests may (a re-encode), so they are revalidated. */
export function mediaCacheControl(path: string): string {
  return /\.(mpd|m3u8|json)$/i.test(path) ? "private, max-age=60" : "private, max-age=86400, immutable";
}

/** True when an If-None-Match header names this ETag (or "*"). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

export interface ServeOptions {
  cacheControl?: string;
  contentType?: string;
  /** Whether a Range header is honoured (false: the whole object, and Accept-Ranges: none). */
  ranges?: boolean;
}

/** Answers a GET for `key`, or null when the object does not exist. */
export async function serveR2Object(bucket: R2Bucket, key: string, request: Request, options: ServeOptions = {}): Promise<Response | null> {
  const rangeHeader = options.ranges === false ? null : request.headers.get("range");
  const ifNoneMatch = request.headers.get("if-none-match");
  const headers = new Headers({
    "Content-Type": options.contentType ?? contentTypeFor(key),
    "Cache-Control": options.cacheControl ?? mediaCacheControl(key),
    "Accept-Ranges": options.ranges === false ? "none" : "bytes",
    "X-Content-Type-Options": "nosniff",
  });

  if (!rangeHeader) {
    // A single validator is checked by R2 itself, so a 304 reads no body.
    const single = ifNoneMatch && !ifNoneMatch.includes(",") && ifNoneMatch.trim() !== "*" ? ifNoneMatch.replace(/^\s*W\//, "").replaceAll('"', "").trim() : null;
    const object = await bucket.get(key, single ? { onlyIf: { etagDoesNotMatch: single } } : undefined);
    if (!object) return null;
    headers.set("ETag", object.httpEtag);
    if (!("body" in object)) return new Response(null, { status: 304, headers });
    if (etagMatches(ifNoneMatch, object.httpEtag)) {
      await object.body.cancel();
      return new Response(null, { status: 304, headers });
    }
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { headers });
  }

  // A range needs the size first (suffix ranges, 416); a HEAD is metadata only.
  const head = await bucket.head(key);
  if (!head) return null;
  headers.set("ETag", head.httpEtag);
  if (etagMatches(ifNoneMatch, head.httpEtag)) return new Response(null, { status: 304, headers });
  const range = parseRange(rangeHeader, head.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${head.size}`);
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ message: "Range Not Satisfiable" }), { status: 416, headers });
  }
  const object = await bucket.get(key, range ? { range, onlyIf: { etagMatches: head.etag } } : undefined);
  // Replaced between the HEAD and the GET: the range no longer means the same bytes.
  if (!object || !("body" in object)) return null;
  if (!range) {
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { headers });
  }
  headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
  headers.set("Content-Length", String(range.length));
  return new Response(object.body, { status: 206, headers });
}
