// A clip as the API answers it: its rows mapped to the contract, with signed media URLs (ADR 010 tokens, prefix
// `clip/<id>`; downloads under `clip-download/<id>`, so a viewing token never opens an attachment).
import type { Clip, SharedClip, SignedUrl } from "../../contract/clips";
import type { ClipRow } from "../../db/clips-schema";
import { tr, type Lang } from "../lang";
import { MEDIA_TOKEN_MAX_TTL_MS, mintMediaToken } from "../media-token";
import type { ChannelBrand } from "../artwork/brand";
import { clipShareImage } from "../artwork/urls";

export const CLIP_FILE = "clip.mp4";
export const CLIP_POSTER = "poster.jpg";
export const CLIP_PREVIEW = "manifest.mpd";

export const clipPrefix = (id: number) => `clip/${id}`;
export const clipDownloadPrefix = (id: number) => `clip-download/${id}`;
/** Where a clip's files live in R2 (the uuid keeps a guessed id from naming another clip's objects). */
export const clipObjectKey = (row: Pick<ClipRow, "channelId" | "id" | "uuid">, file: string) => `clips/${row.channelId}/${row.id}-${row.uuid}/${file}`;

export interface Signer {
  secret: string;
  /** The API's origin, e.g. https://alpha.example.com. */
  origin: string;
  channelId: number;
  now: number;
}

/** A signed URL of one of the clip's files under the token prefix, valid for the longest a media token may live. */
export async function signClipUrl(s: Signer, clipId: number, subject: string, prefix: string, file: string, query = ""): Promise<SignedUrl> {
  const expires = s.now + MEDIA_TOKEN_MAX_TTL_MS;
  const token = await mintMediaToken(s.secret, { c: s.channelId, s: subject, p: prefix, e: expires }, s.now);
  return { url: `${s.origin}/api/media/${prefix}/${file}?token=${encodeURIComponent(token)}${query}`, expires_at: new Date(expires).toISOString() };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const seconds = (ms: number) => ms / 1000;

/** The title a clip shows for its source: the library video's, or the event's own name (null: known by its teams). */
export const sourceTitle = (titles: { vod?: unknown; event?: unknown }, l: Lang): string | null => tr(titles.vod, l) || tr(titles.event, l) || null;

export async function toClip(s: Signer, row: ClipRow, opts: { canDownload: boolean; title: string | null }): Promise<Clip> {
  const subject = `u:${row.userId}`;
  const ready = row.status === "ready" && row.fileKey !== null;
  const sign = (file: string) => signClipUrl(s, row.id, subject, clipPrefix(row.id), file);
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    tags: row.tags,
    start_time: seconds(row.startMs),
    duration: seconds(row.durationMs),
    requested: { start_time: seconds(row.requestedStartMs), duration: seconds(row.requestedDurationMs) },
    event_id: row.eventId,
    event_media_id: row.vodItemId,
    source_title: opts.title,
    status: row.status,
    progress: row.progress,
    failure_reason: row.failureReason,
    created_at: iso(row.createdAt)!,
    ready_at: iso(row.readyAt),
    // The preview plays our own segments; a clip Stream cuts (sourceVideoUid) has none until its file is here.
    preview: row.status === "failed" || row.sourceVideoUid !== null ? null : await sign(CLIP_PREVIEW),
    file: ready ? { ...(await sign(CLIP_FILE)), size: row.fileSize ?? 0 } : null,
    poster: ready && row.posterKey ? await sign(CLIP_POSTER) : null,
    can_download: ready && opts.canDownload,
  };
}

/** A shared clip: signed for an anonymous subject, so the link's holder plays it without an account. */
export async function toSharedClip(s: Signer, row: ClipRow, title: string | null, brand: ChannelBrand): Promise<SharedClip> {
  const sign = (file: string) => signClipUrl(s, row.id, "a:share", clipPrefix(row.id), file);
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    tags: row.tags,
    duration: seconds(row.durationMs),
    event_id: row.eventId,
    event_media_id: row.vodItemId,
    source_title: title,
    created_at: iso(row.createdAt)!,
    file: { ...(await sign(CLIP_FILE)), size: row.fileSize ?? 0 },
    poster: row.posterKey ? await sign(CLIP_POSTER) : null,
    share_image: clipShareImage(row, brand),
    key_play_id: row.keyPlayTapId,
  };
}

/** The download's file name: the clip's name as lowercase letters, digits and dashes (safe in a header). */
export function clipFileName(row: Pick<ClipRow, "id" | "name">): string {
  const slug = row.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${slug || `clip-${row.id}`}.mp4`;
}
