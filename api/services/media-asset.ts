// A media asset's description (media/<asset>/media.json in R2), read once per isolate and kept for a minute, since
// every manifest request needs it and it changes only when the demo media is regenerated.
import { TtlCache } from "../lib/ttl-cache";
import { initTimescales, rebaseStream } from "./fmp4-rebase";
import { type MediaInfo, mediaInfoSchema } from "./livesim";
import { contentTypeFor, etagMatches, mediaCacheControl } from "./r2-range";

const INFO_TTL_MS = 60_000;
const cache = new TtlCache<MediaInfo>(INFO_TTL_MS, 100);

/** Asset names: one path segment, never a name the media routes use for generated files (event, vod, download, clips). */
export const ASSET_NAME = /^(?!(?:event|vod|download|clip|clip-download)$)[a-z0-9][a-z0-9_-]{0,63}$/;

export const mediaObjectKey = (asset: string, file: string) => `media/${asset}/${file}`;

/** The asset's media.json, or null when it is missing or malformed (nothing to play). */
export async function loadMediaInfo(bucket: R2Bucket, asset: string, now: number): Promise<MediaInfo | null> {
  const hit = cache.get(asset, now);
  if (hit) return hit;
  const object = await bucket.get(mediaObjectKey(asset, "media.json"));
  if (!object) return null;
  let json: unknown;
  try {
    json = await object.json();
  } catch {
    return null;
  }
  const parsed = mediaInfoSchema.safeParse(json);
  if (!parsed.success) {
    console.error("media.json is invalid", asset, parsed.error.issues[0]);
    return null;
  }
  cache.set(asset, parsed.data, now);
  return parsed.data;
}

/** Writes the asset's media.json; this isolate forgets its copy, so its next read is the new one. */
export async function saveMediaInfo(bucket: R2Bucket, asset: string, info: MediaInfo): Promise<void> {
  await bucket.put(mediaObjectKey(asset, "media.json"), JSON.stringify(info, null, 2), { httpMetadata: { contentType: "application/json" } });
  cache.delete(asset);
}

export function clearMediaInfoCache(): void {
  cache.clear();
}

const timescaleCache = new TtlCache<Map<number, number>>(INFO_TTL_MS, 100);

/** Track id → timescale of an init segment, read once per isolate and minute. */
export async function trackTimescales(bucket: R2Bucket, initKey: string, now: number): Promise<Map<number, number> | null> {
  const hit = timescaleCache.get(initKey, now);
  if (hit) return hit;
  const init = await bucket.get(initKey);
  if (!init) return null;
  const scales = initTimescales(new Uint8Array(await init.arrayBuffer()));
  // An init without tracks is not kept: it is likely being replaced, and a retry should see the new one.
  if (scales.size) timescaleCache.set(initKey, scales, now);
  return scales;
}

/**
 * A chunk played on a later loop of the asset: its timestamps moved forward by `shiftS` (fmp4-rebase.ts), streamed.
 * The bytes differ from the stored object, so the ETag does too; ranges are not offered on these.
 */
export async function serveLoopedSegment(bucket: R2Bucket, key: string, initKey: string, shiftS: number, request: Request, now: number): Promise<Response | null> {
  const scales = await trackTimescales(bucket, initKey, now);
  const object = scales && (await bucket.get(key));
  if (!scales || !object) return null;
  const headers = new Headers({
    "Content-Type": contentTypeFor(key),
    "Cache-Control": mediaCacheControl(key),
    "Accept-Ranges": "none",
    "X-Content-Type-Options": "nosniff",
    ETag: `"${object.etag}-${shiftS}"`,
  });
  if (etagMatches(request.headers.get("if-none-match"), headers.get("ETag")!)) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  return new Response(object.body.pipeThrough(rebaseStream(scales, shiftS)), { headers });
}
