// The pictures an artwork embeds (crests, logos, posters, frames), read from R2 and turned into data: URIs: an SVG
// shown through <img> may load nothing else, and resvg reads nothing outside the document. Only the channel's own
// files are read (its /api/assets/… URLs, or R2 keys the API itself holds, such as a clip's poster frame): anything
// else is left out, and the drawing falls back (a crest to the team's initials, a poster to the matchup graphic).
import { channelAssetKey } from "../../routes/assets";
import { toBase64 } from "../../lib/crypto";
import type { ImageSource } from "./matchup-svg";
import { svgToPng } from "./render-png";

const ASSET_PREFIX = "/api/assets/";
const SAFE_PATH = /^[a-zA-Z0-9][a-zA-Z0-9._/-]{0,200}$/;
/** A picture larger than this is not embedded (a crest is a few hundred bytes, a poster frame tens of kB). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** SVGs for a PNG are rasterised first at this width: resvg draws a nested SVG without fonts, so its text would vanish. */
const RASTER_WIDTH = 640;

const TYPES: Record<string, string> = { svg: "image/svg+xml", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp" };

/** The R2 key of a channel asset URL (`/api/assets/<path>?v=…`), or null for any other URL. */
export function assetKeyOf(alias: string, url: string): string | null {
  if (!url.startsWith(ASSET_PREFIX)) return null;
  const path = url.slice(ASSET_PREFIX.length).split(/[?#]/)[0];
  if (!SAFE_PATH.test(path) || path.includes("..")) return null;
  return channelAssetKey(alias, path);
}

export interface ImageScope {
  bucket: R2Bucket;
  alias: string;
}

/** One R2 object as a data: URI (an SVG rasterised to PNG when `raster`), or null when it is missing or too large. */
async function dataUri(bucket: R2Bucket, key: string, raster: boolean): Promise<string | null> {
  const object = await bucket.get(key);
  if (!object || object.size > IMAGE_MAX_BYTES) return null;
  const ext = key.split(".").pop()?.toLowerCase() ?? "";
  const type = object.httpMetadata?.contentType?.split(";")[0] || TYPES[ext] || "application/octet-stream";
  if (!type.startsWith("image/")) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  if (type === "image/svg+xml" && raster) {
    try {
      // resvg stretches a textLength over the text's first run only (a logo's tspans then overlap): without it the
      // text runs at the font's own width.
      const svg = new TextDecoder().decode(bytes).replace(/\s(textLength|lengthAdjust)="[^"]*"/g, "");
      return `data:image/png;base64,${toBase64(await svgToPng(svg, RASTER_WIDTH))}`;
    } catch {
      return null;
    }
  }
  return `data:${type};base64,${toBase64(bytes)}`;
}

/**
 * Reads the pictures named (asset URLs, or `{ key }` for an R2 key the caller vouches for) in parallel, and answers
 * the ImageSource the SVG builders take. `raster`: for resvg (SVGs come as PNGs).
 */
export async function loadImages(scope: ImageScope, refs: (string | { key: string } | null | undefined)[], raster: boolean): Promise<ImageSource> {
  const found = new Map<string, string>();
  await Promise.all(
    refs.map(async (ref) => {
      if (!ref) return;
      const name = typeof ref === "string" ? ref : ref.key;
      const key = typeof ref === "string" ? assetKeyOf(scope.alias, ref) : ref.key;
      if (!key || found.has(name)) return;
      const uri = await dataUri(scope.bucket, key, raster);
      if (uri) found.set(name, uri);
    }),
  );
  return (url) => found.get(url) ?? null;
}
