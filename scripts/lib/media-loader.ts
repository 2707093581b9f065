// Loads the committed media assets (media/**, made by `npm run media`) into the local R2 bucket MEDIA at
// `media/<relative path>`, where api/routes/media.ts serves them from.
//
// Runs on every `npm run setup`, so it skips what is already there: each object carries its path, size and md5 in
// customMetadata, and one listing of the prefix tells which files changed. Objects this loader uploaded whose file
// is gone are deleted; anything else under the prefix is left alone.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export const MEDIA_PREFIX = "media/";
const SOURCE = "media";
/** Parallel puts: enough to keep the local proxy busy without holding every segment in flight at once. */
const CONCURRENCY = 8;

const CONTENT_TYPES: Record<string, string> = {
  ".mpd": "application/dash+xml",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".m4s": "video/iso.segment",
  ".mp4": "video/mp4",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".json": "application/json",
  ".vtt": "text/vtt",
};

export interface MediaLoadResult {
  total: number;
  uploaded: number;
  skipped: number;
  removed: number;
  /** Bytes of every file, and of those uploaded this time. */
  bytes: number;
  uploadedBytes: number;
}

export function mediaContentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

export async function loadMedia(bucket: R2Bucket, root: string): Promise<MediaLoadResult> {
  const [files, stored] = await Promise.all([listFiles(root), listStored(bucket)]);
  const result: MediaLoadResult = { total: files.length, uploaded: 0, skipped: 0, removed: 0, bytes: 0, uploadedBytes: 0 };

  await pool(files, CONCURRENCY, async (rel) => {
    const bytes = await readFile(path.join(root, rel));
    const md5 = createHash("md5").update(bytes).digest("hex");
    result.bytes += bytes.length;
    const before = stored.get(rel);
    if (before && before.md5 === md5 && before.size === String(bytes.length)) {
      result.skipped++;
      return;
    }
    await bucket.put(MEDIA_PREFIX + rel, bytes, {
      httpMetadata: { contentType: mediaContentType(rel) },
      customMetadata: { source: SOURCE, path: rel, size: String(bytes.length), md5 },
    });
    result.uploaded++;
    result.uploadedBytes += bytes.length;
  });

  const onDisk = new Set(files);
  const stale = [...stored.keys()].filter((rel) => !onDisk.has(rel));
  // R2 deletes at most 1000 keys per call.
  for (let i = 0; i < stale.length; i += 1000) await bucket.delete(stale.slice(i, i + 1000).map((rel) => MEDIA_PREFIX + rel));
  result.removed = stale.length;
  return result;
}

export function describeMediaLoad(r: MediaLoadResult, ms: number): string {
  const mb = (n: number) => (n / 1e6).toFixed(1);
  const removed = r.removed ? `, ${r.removed} removed` : "";
  return `media: ${r.total} file(s), ${mb(r.bytes)} MB: ${r.uploaded} uploaded (${mb(r.uploadedBytes)} MB), ${r.skipped} unchanged${removed}  ${(ms / 1000).toFixed(1)} s`;
}

/** Paths relative to root, with "/" separators; dot files and folders (editor files, a generator's work dir) stay out. */
async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((rel) => !rel.split("/").some((part) => part.startsWith(".")) && rel !== "README.md")
    .sort();
}

/**
 * Objects this loader put under the prefix, by relative path. Only customMetadata is read: through getPlatformProxy
 * every property of a listed object is a round trip (~2 ms), and three per object made an unchanged run take 2 s.
 */
async function listStored(bucket: R2Bucket): Promise<Map<string, Record<string, string>>> {
  const found = new Map<string, Record<string, string>>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: MEDIA_PREFIX, cursor, include: ["customMetadata"] });
    for (const o of page.objects) {
      const meta = o.customMetadata;
      if (meta?.source === SOURCE && meta.path) found.set(meta.path, meta);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return found;
}

async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
