// Clips (issue 11): a user's cut of an event's recording or live stream, or of a library video. The row keeps what
// the cut needs (asset and segment range, fixed when it is created) so processing never depends on the event row
// again, and a deleted clip keeps its row (soft delete): the pass's clip allowance counts what was created.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CLIP_STATUSES } from "../contract/clips";
import { users } from "./auth-schema";
import { channels } from "./schema";

export const clips = sqliteTable(
  "clips",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The unguessable half of the share link (crypto.randomUUID). */
    uuid: text("uuid").notNull(),
    /** The event the clip is of (a library video's event when it has one). */
    eventId: integer("event_id"),
    /** SPEC event_media_id: the library video (VOD item) the clip was cut from; null when cut from the event itself. */
    vodItemId: integer("vod_item_id"),
    /** The pass (order) whose clip allowance this clip uses; null when the account itself grants clipping. */
    orderId: integer("order_id"),
    name: text("name").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** What was asked, milliseconds on the source's timeline. */
    requestedStartMs: integer("requested_start_ms").notNull(),
    requestedDurationMs: integer("requested_duration_ms").notNull(),
    /** The cut on segment boundaries: what the file holds. */
    startMs: integer("start_ms").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /**
     * The media asset (R2 prefix media/<asset>/) and the source segment numbers, inclusive. A clip Stream cuts
     * (sourceVideoUid) has no asset of ours (empty) and counts whole seconds: segment n is [(n-1) s, n s).
     */
    asset: text("asset").notNull(),
    firstSegment: integer("first_segment").notNull(),
    lastSegment: integer("last_segment").notNull(),
    /** Stream-held media (ADR 022): the video the clip is cut from (a recording or an upload), else null. */
    sourceVideoUid: text("source_video_uid"),
    /** The clip's own video at Stream (its clip API's answer), until its MP4 is copied into R2 and it is let go. */
    streamUid: text("stream_uid"),
    status: text("status", { enum: CLIP_STATUSES }).notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    failureReason: text("failure_reason"),
    /** Queue deliveries that started processing it. */
    attempts: integer("attempts").notNull().default(0),
    /** R2 keys of the built file and its poster frame, and the file's size. */
    fileKey: text("file_key"),
    fileSize: integer("file_size"),
    posterKey: text("poster_key"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    readyAt: integer("ready_at"),
    deletedAt: integer("deleted_at"),
    /**
     * A key play's clip (issue 27): the scorekeeper's tap (score_taps.tap_id) it was cut for. Such a clip is the
     * event's, listed as its "Key plays", never among the scorekeeper's own clips, and charged to no pass.
     */
    keyPlayTapId: text("key_play_tap_id"),
    /** A clip of a moment not yet recorded (a key play of a live game): its job waits until then (epoch ms). */
    notBefore: integer("not_before"),
  },
  (t) => [
    uniqueIndex("clips_uuid_idx").on(t.uuid),
    // A user's clips, newest first (GET /clips/user), and per event (GET /clips/event/{id}, /events/with_clip).
    index("clips_user_idx").on(t.channelId, t.userId, t.createdAt),
    index("clips_user_event_idx").on(t.channelId, t.userId, t.eventId),
    // What a pass has used (the allowance check on POST /clip).
    index("clips_order_idx").on(t.channelId, t.orderId, t.status),
    // Stream's webhook finds a clip by its video's uid (any channel: the webhook has one URL per account).
    index("clips_stream_uid_idx").on(t.streamUid),
    // An event's key plays (GET /events/{id}/key-plays), one clip per tap.
    uniqueIndex("clips_key_play_idx").on(t.channelId, t.eventId, t.keyPlayTapId),
  ],
);

export type ClipRow = typeof clips.$inferSelect;
