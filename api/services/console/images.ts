// Images uploaded in the console (issue 16): stored in R2 under the channel's own prefix, named by their content
// hash, so a definition can name them like a tenant folder's files ("uploads/<hash>.png").
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type ConsoleImage } from "../../contract/console";
import { CONSOLE_MESSAGES } from "../../contract/console-messages";
import { insertAuditQuery } from "../../db/repos/audit";
import { ApiError } from "../../lib/errors";
import { channelAssetKey } from "../../routes/assets";
import type { ConsoleScope } from "./scope";

const EXTENSIONS: Record<(typeof IMAGE_TYPES)[number], string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/svg+xml": "svg",
};
const UPLOADS = "uploads/";

/** The type the bytes really are (their magic numbers), whatever the browser said. */
export function sniffImageType(bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return "image/webp";
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "image/svg+xml";
  return null;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

const toImage = (ref: string, sha: string, contentType: string, size: number, uploadedAt: number): ConsoleImage => ({
  ref,
  url: `/api/assets/${ref}?v=${sha.slice(0, 8)}`,
  content_type: contentType,
  size,
  uploaded_at: uploadedAt,
});

export async function uploadImage(scope: ConsoleScope, file: File): Promise<ConsoleImage> {
  if (file.size > IMAGE_MAX_BYTES) throw new ApiError(413, CONSOLE_MESSAGES.imageTooLarge, { file: [CONSOLE_MESSAGES.imageTooLarge] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new ApiError(415, CONSOLE_MESSAGES.imageType, { file: [CONSOLE_MESSAGES.imageType] });
  const sha = await sha256(bytes);
  const ref = `${UPLOADS}${sha.slice(0, 16)}.${EXTENSIONS[type]}`;
  await scope.env.MEDIA.put(channelAssetKey(scope.channel.alias, ref), bytes, {
    httpMetadata: { contentType: type },
    customMetadata: { sha256: sha, source: "upload", name: file.name.slice(0, 200) },
  });
  const image = toImage(ref, sha, type, bytes.byteLength, scope.now);
  await insertAuditQuery(scope.db, {
    channelId: scope.channel.id,
    actorUserId: scope.actor.id,
    actorEmail: scope.actor.email,
    action: "image.upload",
    target: ref,
    before: null,
    after: { ref, name: file.name.slice(0, 200), content_type: type, size: bytes.byteLength },
    createdAt: scope.now,
  });
  return image;
}

/** The channel's uploaded images, newest first. */
export async function listImages(scope: ConsoleScope): Promise<ConsoleImage[]> {
  const prefix = channelAssetKey(scope.channel.alias, "");
  const images: ConsoleImage[] = [];
  let cursor: string | undefined;
  do {
    const page = await scope.env.MEDIA.list({ prefix: prefix + UPLOADS, cursor, include: ["customMetadata", "httpMetadata"] });
    for (const o of page.objects) {
      const sha = o.customMetadata?.sha256;
      if (sha) images.push(toImage(o.key.slice(prefix.length), sha, o.httpMetadata?.contentType ?? "application/octet-stream", o.size, o.uploaded.getTime()));
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return images.sort((a, b) => b.uploaded_at - a.uploaded_at);
}
