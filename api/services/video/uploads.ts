// Videos uploaded in the console (issue 16): stored by the provider (locally in R2, packaged by the ingest process
// into media/<media_key>/ like the demo asset; in production by Stream), status uploaded → processing → ready or
// failed. A ready video becomes a library item.
import { and, desc, eq, lt } from "drizzle-orm";
import { VIDEO_DIRECT_MAX_BYTES, VIDEO_MAX_BYTES, VIDEO_MESSAGES, videoFileProblem, type DirectUpload, type DirectUploadRequest, type MediaUpload } from "../../contract/video";
import { channels, mediaUploads } from "../../db/schema";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { localIngestSecret, videoProvider } from "../../providers/video";
import { tusStateKey } from "../../providers/video/local-tus";
import type { VideoProvider } from "../../providers/video/types";
import { auditQuery, type ConsoleScope } from "../console/scope";
import { viaProvider } from "./live-inputs";
import { newMediaKey, uploadWire, type UploadRow } from "./wire";

const LIST_LIMIT = 50;

/** What a ready upload is added to the library with: the console's addLibraryItem (services/console/library.ts). */
export type AddLibraryItem = (scope: ConsoleScope, item: { key: string; title: Record<string, string>; media_key: string; duration_s: number; date: number }) => Promise<void>;

export async function listUploads(scope: ConsoleScope): Promise<MediaUpload[]> {
  const rows = await scope.db
    .select()
    .from(mediaUploads)
    .where(eq(mediaUploads.channelId, scope.channel.id))
    .orderBy(desc(mediaUploads.createdAt), desc(mediaUploads.id))
    .limit(LIST_LIMIT);
  return rows.map(uploadWire);
}

/** One of the channel's uploads; another channel's id is not found, like one that does not exist. */
async function channelUpload(scope: ConsoleScope, id: number): Promise<UploadRow> {
  const row = await scope.db
    .select()
    .from(mediaUploads)
    .where(and(eq(mediaUploads.channelId, scope.channel.id), eq(mediaUploads.id, id)))
    .get();
  if (!row) throw notFound();
  return row;
}

export async function getUpload(scope: ConsoleScope, id: number): Promise<MediaUpload> {
  return uploadWire(await channelUpload(scope, id));
}

/** The file's problem in the form's words, or null: a video container we package, within the size limit. */
export function checkVideoFile(file: unknown): string | null {
  if (!(file instanceof File) || file.size === 0) return VIDEO_MESSAGES.fileRequired;
  return videoFileProblem(file, VIDEO_MAX_BYTES);
}

export async function createUpload(scope: ConsoleScope, file: File, title: Record<string, string>): Promise<MediaUpload> {
  const provider = videoProvider(scope.env, scope.db);
  const created = await viaProvider(provider.createUpload(file, { name: title.en ?? Object.values(title)[0] ?? file.name }));
  const mediaKey = newMediaKey("upload");
  const [[row]] = await scope.db.batch([
    scope.db
      .insert(mediaUploads)
      .values({
        channelId: scope.channel.id,
        provider: provider.name,
        uid: created.uid,
        status: created.status,
        sourceKey: created.sourceKey,
        mediaKey,
        title,
        // The library item's key in the channel definition: stable, and the same as the asset's.
        vodKey: mediaKey,
        createdBy: scope.actor.id,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .returning(),
    auditQuery(scope, { action: "upload.create", target: `uploads/${mediaKey}`, before: null, after: { uid: created.uid, title, file: file.name, bytes: file.size, type: file.type } }),
  ]);
  return uploadWire(row);
}

/** The provider direct uploads go to; the local tus endpoint is dev-only: production without Stream has none (404). */
function directUploadProvider(scope: ConsoleScope) {
  const provider = videoProvider(scope.env, scope.db);
  if (provider.name === "local" && localIngestSecret(scope.env) === null) throw notFound();
  return provider;
}

/**
 * A new tus target at the provider for one file, and what the row keeps of it to resume (and renew) the upload:
 * made the same way for a new direct upload and for a renewed one.
 */
async function openDirectTarget(scope: ConsoleScope, provider: VideoProvider, name: string, fileName: string, fileBytes: number, origin: string) {
  const created = await viaProvider(provider.createDirectUpload({ name, fileName, bytes: fileBytes, origin, now: scope.now }));
  const direct = { uploadUrl: created.uploadUrl, chunkBytes: created.chunkBytes, fileName, fileBytes, expiresAt: created.expiresAt };
  return { created, direct };
}

/**
 * A direct upload (docs/decisions/025): the provider makes a resumable tus upload the browser sends the file to, and
 * the row waits for its bytes. Locally the last chunk makes it `uploaded` (routes/dev-tus.ts); with Stream, its
 * webhook makes it ready or failed. The same file rules as the form, up to VIDEO_DIRECT_MAX_BYTES.
 */
export async function createDirectUpload(scope: ConsoleScope, request: DirectUploadRequest, origin: string): Promise<DirectUpload> {
  const problem = videoFileProblem({ name: request.file_name, type: request.file_type, size: request.file_size }, VIDEO_DIRECT_MAX_BYTES);
  if (problem) throw new ApiError(422, problem, { file: [problem] });
  const provider = directUploadProvider(scope);
  const title: Record<string, string> = { en: request.title_en };
  if (request.title_fr) title.fr = request.title_fr;
  const { created, direct } = await openDirectTarget(scope, provider, title.en ?? request.file_name, request.file_name, request.file_size, origin);
  const mediaKey = newMediaKey("upload");
  const [[row]] = await scope.db.batch([
    scope.db
      .insert(mediaUploads)
      .values({
        channelId: scope.channel.id,
        provider: provider.name,
        uid: created.uid,
        status: "waiting",
        sourceKey: created.sourceKey,
        mediaKey,
        title,
        vodKey: mediaKey,
        direct,
        createdBy: scope.actor.id,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .returning(),
    auditQuery(scope, { action: "upload.create", target: `uploads/${mediaKey}`, before: null, after: { uid: created.uid, title, file: request.file_name, bytes: request.file_size, type: request.file_type, direct: true } }),
  ]);
  return { upload: uploadWire(row), upload_url: created.uploadUrl, chunk_bytes: created.chunkBytes };
}

/**
 * A new upload URL for a direct upload still waiting for its file, whose URL the provider no longer takes (Stream's
 * one-time URL expired; the browser's resume found it gone): the same file, sent again from its first byte. The new
 * target is made first, so a provider that fails leaves the upload as it was; then the old one is let go, and the
 * row points at the new one. Anything but a waiting direct upload of the current provider is a 409.
 */
export async function renewDirectUpload(scope: ConsoleScope, id: number, origin: string): Promise<DirectUpload> {
  const row = await channelUpload(scope, id);
  const provider = directUploadProvider(scope);
  if (row.status !== "waiting" || !row.direct || row.provider !== provider.name) throw new ApiError(409, VIDEO_MESSAGES.uploadNotWaiting);
  const { fileName, fileBytes } = row.direct;
  const { created, direct } = await openDirectTarget(scope, provider, row.title.en ?? fileName, fileName, fileBytes, origin);
  const [[updated]] = await scope.db.batch([
    scope.db
      .update(mediaUploads)
      .set({ uid: created.uid, sourceKey: created.sourceKey, direct, updatedAt: scope.now })
      .where(and(eq(mediaUploads.id, row.id), eq(mediaUploads.uid, row.uid), eq(mediaUploads.status, "waiting")))
      .returning(),
    auditQuery(scope, { action: "upload.renew", target: `uploads/${row.mediaKey}`, before: { uid: row.uid }, after: { uid: created.uid, file: fileName, bytes: fileBytes } }),
  ]);
  if (!updated) {
    // Another renew (or the last byte) won meanwhile: this new target is not wanted.
    await provider.deleteUpload(created.uid, created.sourceKey).catch(() => undefined);
    throw new ApiError(409, VIDEO_MESSAGES.uploadNotWaiting);
  }
  try {
    await provider.deleteUpload(row.uid, row.sourceKey);
  } catch (error) {
    // The old target is gone or going anyway (expired): the upload goes on without it.
    console.warn(`upload ${row.mediaKey}: the old direct upload ${row.uid} was not deleted:`, error instanceof Error ? error.message : error);
  }
  return { upload: uploadWire(updated), upload_url: created.uploadUrl, chunk_bytes: created.chunkBytes };
}

/** A local direct upload's last byte arrived: its source is whole, and the local ingest packages it from here. */
export async function markDirectUploadSent(scope: ConsoleScope, upload: UploadRow, bytes: number): Promise<UploadRow> {
  if (upload.status !== "waiting") return upload;
  const [[row]] = await scope.db.batch([
    scope.db.update(mediaUploads).set({ status: "uploaded", updatedAt: scope.now }).where(and(eq(mediaUploads.id, upload.id), eq(mediaUploads.status, "waiting"))).returning(),
    auditQuery(scope, { action: "upload.uploaded", target: `uploads/${upload.mediaKey}`, before: { status: "waiting" }, after: { status: "uploaded", bytes } }),
  ]);
  return row ?? upload;
}

/**
 * Removes an upload that will never be packaged: one still waiting for its bytes (the owner cancelled it) or one that
 * failed. The provider lets go of its bytes and open transfer; the row goes, and the log keeps what it was. A video
 * being packaged or already in the library is refused (409): the library is where a ready video is removed.
 */
export async function removeUpload(scope: ConsoleScope, id: number): Promise<void> {
  const row = await channelUpload(scope, id);
  if (row.status !== "waiting" && row.status !== "failed") throw new ApiError(409, VIDEO_MESSAGES.uploadBusy);
  const provider = videoProvider(scope.env, scope.db);
  // An upload of the other provider (configuration changed since) is only forgotten here.
  if (provider.name === row.provider) await viaProvider(provider.deleteUpload(row.uid, row.sourceKey));
  await scope.db.batch([
    scope.db.delete(mediaUploads).where(and(eq(mediaUploads.id, row.id), eq(mediaUploads.status, row.status))),
    auditQuery(scope, { action: "upload.delete", target: `uploads/${row.mediaKey}`, before: { uid: row.uid, status: row.status, title: row.title }, after: null }),
  ]);
}

/** A direct upload still waiting for its bytes after this long is given up (the Cron Trigger's sweep). */
export const UPLOAD_ABANDONED_MS = 24 * 3_600_000;

/**
 * The Cron Trigger's part: direct uploads whose bytes never all arrived within UPLOAD_ABANDONED_MS fail with a reason
 * the owner reads in the console, and the provider lets go of what it holds. Answers how many were given up.
 */
export async function sweepAbandonedUploads(db: Db, env: Env, now: number): Promise<number> {
  const stale = await db
    .select({ upload: mediaUploads, channel: { id: channels.id, alias: channels.alias, name: channels.name } })
    .from(mediaUploads)
    .innerJoin(channels, eq(channels.id, mediaUploads.channelId))
    .where(and(eq(mediaUploads.status, "waiting"), lt(mediaUploads.createdAt, now - UPLOAD_ABANDONED_MS)))
    .limit(100);
  const provider = videoProvider(env, db);
  let given = 0;
  for (const { upload, channel } of stale) {
    try {
      if (provider.name === upload.provider) await provider.deleteUpload(upload.uid, upload.sourceKey);
      const scope: ConsoleScope = { db, env, channel, actor: { id: null, email: "video-sweep" }, now };
      const [updated] = await db.batch([
        db
          .update(mediaUploads)
          .set({ status: "failed", error: VIDEO_MESSAGES.uploadAbandoned, sourceKey: null, updatedAt: now })
          .where(and(eq(mediaUploads.id, upload.id), eq(mediaUploads.status, "waiting")))
          .returning({ id: mediaUploads.id }),
        auditQuery(scope, { action: "upload.failed", target: `uploads/${upload.mediaKey}`, before: { status: "waiting" }, after: { status: "failed", error: VIDEO_MESSAGES.uploadAbandoned } }),
      ]);
      given += updated.length;
    } catch (error) {
      console.error("upload sweep:", upload.uid, error);
    }
  }
  return given;
}

/** A local upload by its uid, with its channel; 404 when unknown or another provider's. */
export async function localUpload(db: Db, uid: string) {
  const row = await db
    .select({ upload: mediaUploads, channel: { id: channels.id, alias: channels.alias, name: channels.name } })
    .from(mediaUploads)
    .innerJoin(channels, eq(channels.id, mediaUploads.channelId))
    .where(and(eq(mediaUploads.uid, uid), eq(mediaUploads.provider, "local")))
    .get();
  if (!row) throw notFound();
  return row;
}

export type UploadReport = { status: "processing" } | { status: "ready"; duration_s: number } | { status: "failed"; error: string };

/** The packaging's progress; a ready upload goes into the library once. Reports after ready or failed change nothing. */
export async function reportUploadProgress(scope: ConsoleScope, upload: UploadRow, report: UploadReport, addLibraryItem: AddLibraryItem): Promise<UploadRow> {
  if (upload.status === "ready" || upload.status === "failed") return upload;
  const { db, now } = scope;
  const target = `uploads/${upload.mediaKey}`;
  const set =
    report.status === "processing"
      ? { status: "processing" as const, updatedAt: now }
      : report.status === "ready"
        ? { status: "ready" as const, error: null, sourceKey: null, updatedAt: now }
        : { status: "failed" as const, error: report.error, updatedAt: now };
  if (report.status === "ready") {
    // In the library first: a failure there leaves the upload "processing", and the next report tries again.
    await addLibraryItem(scope, { key: upload.vodKey, title: upload.title, media_key: upload.mediaKey, duration_s: report.duration_s, date: upload.createdAt });
  }
  const [[row]] = await db.batch([
    db.update(mediaUploads).set(set).where(eq(mediaUploads.id, upload.id)).returning(),
    auditQuery(scope, { action: `upload.${report.status}`, target, before: { status: upload.status }, after: report }),
  ]);
  // The packaged asset replaces the uploaded file (and a direct upload's tus state beside it).
  if (row.status === "ready" && upload.sourceKey) await scope.env.MEDIA.delete([upload.sourceKey, tusStateKey(upload.uid)]);
  return row;
}
