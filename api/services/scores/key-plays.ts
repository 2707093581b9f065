// Key plays become clips (issue 27). A scorekeeper's key-play tap marks the event's timeline the channel's lead
// before the tap, and the clip pipeline that cuts viewers' clips (services/clips) cuts one from there to a few seconds
// after the tap: from the recording, or from the DVR window of a live game once that moment is recorded (the clip's
// job waits for it: `notBefore`); a game whose live stream Stream holds, from Stream's recording once it is ready.
// The clip is the event's, not its scorekeeper's: it is charged to no pass, never listed among the scorekeeper's
// clips, and shared like a viewer's shared clip.
import { channelSettingsSchema } from "../../contract/settings";
import { KEY_PLAY_AFTER_S, type FollowedKeyPlay, type KeyPlay, type KeyPlayClip, type PlayEntry } from "../../contract/scores";
import type { ClipRow } from "../../db/clips-schema";
import { channelEventQuery, type EventRow } from "../../db/repos/catalogue-events";
import * as clipsRepo from "../../db/repos/clips";
import { settingQuery } from "../../db/repos/content";
import { eventTapsQuery, followedKeyPlaysQuery, scoredEventRow, type FollowedKeyPlayRow } from "../../db/repos/scores";
import { tr, type Lang } from "../lang";
import { eventTimeline } from "../livesim";
import { loadMediaInfo } from "../media-asset";
import { eventMediaSource } from "../video/media-source";
import { enqueue, type ClipScope } from "../clips/clips";
import { snapCut, type SnappedCut } from "../clips/rules";
import { HOSTED_CLIP_STEP_S } from "../clips/sources";
import { replay, scoringOf } from "./rules";
import { CLIP_FILE, CLIP_POSTER, clipObjectKey, clipPrefix, signClipUrl } from "../clips/wire";

/** A live game's moment is recorded a little after its segment's end (the encoder's chunk reaches storage). */
const RECORDED_SLACK_MS = 2_000;

const LEAD_KEY = "scores.key_play_lead_s";

/** The channel's lead (`scores.key_play_lead_s`), in ms. */
export async function keyPlayLeadMs(s: Pick<ClipScope, "db" | "channelId">): Promise<number> {
  const row = await settingQuery(s.db, s.channelId, LEAD_KEY).get();
  return channelSettingsSchema.shape[LEAD_KEY].parse(row?.value ?? undefined) * 1000;
}

/** Where a key play tapped at `at` is marked: seconds on the event's timeline, never before its start. */
export const markerS = (at: number, eventStart: number, leadMs: number) => Math.max(0, (at - leadMs - eventStart) / 1000);

/** A key play's tap that the API just accepted, with who tapped it. */
export interface KeyPlayTap {
  id: string;
  at: number;
  userId: number;
}

/** What cutting a key play needs: the channel (its media, settings and bucket), the time and the clip queue. */
export type KeyPlayScope = Pick<ClipScope, "db" | "env" | "bucket" | "channelId" | "now" | "send">;

/**
 * Cuts a clip for each key play: queued now, built once its moment is recorded. An event whose live stream the video
 * provider holds gets its clips once the provider's recording is ready (`cutRecordedKeyPlays`), and at once after;
 * an event with no media, or a moment outside the event's time, gets no clip. The key play stays either way.
 */
export async function cutKeyPlays(s: KeyPlayScope, eventId: number, taps: readonly KeyPlayTap[]): Promise<void> {
  if (!taps.length) return;
  const event = await channelEventQuery(s.db, s.channelId, eventId).get();
  if (!event) return;
  const media = await eventMediaSource(s, event);
  if (media?.kind === "stream") {
    // A live input's stream has no video to cut yet; its recording has.
    if (!media.live) await cutFromRecording(s, event, media.uid, taps);
    return;
  }
  if (media?.kind !== "r2") return;
  const info = await loadMediaInfo(s.bucket, media.asset, s.now);
  if (!info) return;
  const leadMs = await keyPlayLeadMs(s);
  const segmentMs = info.segment_duration_s * 1000;
  // The whole game's timeline: what is recorded once finished, its scheduled length while it is played.
  const timeline = eventTimeline(info, { start: event.eventUtcTs, end: event.endUtcTs }, s.now);
  const lengthS = timeline.status === "finished" ? timeline.durationMs / 1000 : (event.endUtcTs - event.eventUtcTs) / 1000;
  for (const tap of taps) {
    const startS = markerS(tap.at, event.eventUtcTs, leadMs);
    const durationS = (tap.at - event.eventUtcTs) / 1000 + KEY_PLAY_AFTER_S - startS;
    const snapped = snapCut({ startS, durationS }, info.segment_duration_s, lengthS);
    if (!snapped.ok) continue;
    const recordedAt = event.eventUtcTs + snapped.cut.last * segmentMs + RECORDED_SLACK_MS;
    await keepClip(s, eventId, tap, { startS, durationS }, snapped.cut, { asset: media.asset, sourceVideoUid: null, notBefore: recordedAt > s.now ? recordedAt : null });
  }
}

/**
 * The recording of the event's Stream live input is ready (routes/video-webhook.ts): each key play that counts (not
 * undone) and is not hidden is cut from it, a tap that has a clip already keeping it (one clip per tap), so a
 * repeated webhook cuts nothing twice.
 */
export async function cutRecordedKeyPlays(s: KeyPlayScope, eventId: number, recordingUid: string): Promise<void> {
  const [row, taps] = await Promise.all([scoredEventRow(s.db, s.channelId, eventId), eventTapsQuery(s.db, { channelId: s.channelId, eventId })]);
  const sport = row ? scoringOf(row.sport, row.parent) : null;
  if (!sport) return;
  const byId = new Map(taps.map((t) => [t.tapId, t]));
  const game = replay(sport, taps.map((t) => ({ id: t.tapId, at: t.at, seq: t.seq, action: t.action })));
  const pending = game.entries
    .map((e) => byId.get(e.tap.id)!)
    // A clip row names its tapper: a key play whose scorekeeper's account is gone is left without one.
    .flatMap((t) => (t.action.kind === "key_play" && !t.hidden && t.userId !== null ? [{ id: t.tapId, at: t.at, userId: t.userId }] : []));
  if (!pending.length) return;
  // The event as the webhook left it: its timeline is the broadcast's, which the recording runs.
  const event = await channelEventQuery(s.db, s.channelId, eventId).get();
  if (event) await cutFromRecording(s, event, recordingUid, pending);
}

/**
 * Key plays cut from a Stream recording: Stream's clip API cuts it on whole seconds (services/clips/process.ts), from
 * the marker to a few seconds after the tap as on our own media, within the recording (the event's timeline).
 */
async function cutFromRecording(s: KeyPlayScope, event: EventRow, videoUid: string, taps: readonly KeyPlayTap[]): Promise<void> {
  const leadMs = await keyPlayLeadMs(s);
  const lengthS = (Math.min(s.now, event.endUtcTs) - event.eventUtcTs) / 1000;
  for (const tap of taps) {
    const startS = markerS(tap.at, event.eventUtcTs, leadMs);
    // A key play in the recording's last seconds gets what is left of it.
    const durationS = Math.min((tap.at - event.eventUtcTs) / 1000 + KEY_PLAY_AFTER_S, lengthS) - startS;
    const snapped = snapCut({ startS, durationS }, HOSTED_CLIP_STEP_S, lengthS);
    if (!snapped.ok) continue;
    await keepClip(s, event.id, tap, { startS, durationS }, snapped.cut, { asset: "", sourceVideoUid: videoUid, notBefore: null });
  }
}

/** Stores a key play's clip (a tap that has one keeps it) and sends its job, delayed until `notBefore`. */
async function keepClip(s: KeyPlayScope, eventId: number, tap: KeyPlayTap, ask: { startS: number; durationS: number }, cut: SnappedCut, source: Pick<ClipRow, "asset" | "sourceVideoUid" | "notBefore">): Promise<void> {
  const row = await clipsRepo.insertKeyPlayClip(s.db, {
    channelId: s.channelId,
    userId: tap.userId,
    uuid: crypto.randomUUID(),
    eventId,
    vodItemId: null,
    orderId: null,
    name: `Key play ${tap.id.slice(0, 8)}`,
    tags: [],
    requestedStartMs: Math.round(ask.startS * 1000),
    requestedDurationMs: Math.round(ask.durationS * 1000),
    startMs: cut.startMs,
    durationMs: cut.durationMs,
    firstSegment: cut.first,
    lastSegment: cut.last,
    ...source,
    keyPlayTapId: tap.id,
    createdAt: s.now,
    updatedAt: s.now,
  });
  if (row) await enqueue(s, row, row.notBefore === null ? 0 : Math.ceil((row.notBefore - s.now) / 1000));
}

const shareSigner = (s: ClipScope) => ({ secret: s.secret, origin: s.origin, channelId: s.channelId, now: s.now });

/** A key play's clip as pages see it: its file and poster signed for anyone who sees the event (a shared clip's way). */
async function keyPlayClip(s: ClipScope, row: ClipRow): Promise<KeyPlayClip> {
  const ready = row.status === "ready" && row.fileKey !== null;
  const sign = (file: string) => signClipUrl(shareSigner(s), row.id, "a:share", clipPrefix(row.id), file);
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    duration: row.durationMs / 1000,
    file: ready ? { ...(await sign(CLIP_FILE)), size: row.fileSize ?? 0 } : null,
    poster: ready && row.posterKey ? await sign(CLIP_POSTER) : null,
    share_path: ready ? `/share/${row.id}/${row.uuid}` : null,
  };
}

/** The event's key plays in game order, from its plays (hidden ones included: the caller filters), with their clips. */
export async function keyPlaysWithClips(s: ClipScope, event: Pick<EventRow, "id" | "eventUtcTs">, plays: readonly (PlayEntry & { hidden: boolean })[]): Promise<KeyPlay[]> {
  const keyPlays = plays.filter((p) => p.action.kind === "key_play");
  if (!keyPlays.length) return [];
  const [clips, leadMs] = await Promise.all([clipsRepo.keyPlayClips(s.db, s.channelId, event.id), keyPlayLeadMs(s)]);
  return Promise.all(
    keyPlays.map(async (p) => {
      const a = p.action.kind === "key_play" ? p.action : null;
      const clip = clips.get(p.id);
      return {
        id: p.id,
        at: p.at,
        side: a?.side ?? null,
        player: a?.player ?? null,
        note: a?.note ?? null,
        marker_s: markerS(p.at, event.eventUtcTs, leadMs),
        hidden: p.hidden,
        clip: clip ? await keyPlayClip(s, clip) : null,
      };
    }),
  );
}

/** Removes a key play's clip: the row leaves every list, the files leave the bucket. */
export async function removeKeyPlayClip(s: ClipScope, eventId: number, tapId: string): Promise<void> {
  const row = await clipsRepo.deleteKeyPlayClip(s.db, s.channelId, eventId, tapId, s.now);
  if (row) await s.bucket.delete([clipObjectKey(row, CLIP_FILE), clipObjectKey(row, CLIP_POSTER)]);
}

/**
 * GET /key-plays/favorite, the home's rail: the newest key plays with a ready clip of the games of the teams (and the
 * schools' teams) the user follows, on this channel; hidden and undone ones are not listed. The frame is signed like
 * the event's key plays (a shared clip's way).
 */
export async function followedKeyPlays(s: ClipScope & { userId: number }, limit: number, l: Lang): Promise<FollowedKeyPlay[]> {
  const rows = await followedKeyPlaysQuery(s.db, { channelId: s.channelId, userId: s.userId }, limit);
  return Promise.all(rows.map((row) => followedKeyPlay(s, row, l)));
}

async function followedKeyPlay(s: ClipScope, row: FollowedKeyPlayRow, l: Lang): Promise<FollowedKeyPlay> {
  const a = row.action.kind === "key_play" ? row.action : null;
  const team = (side: "home" | "away", t: FollowedKeyPlayRow["home"]) => (t ? [{ side, name: tr(t.name, l), short_name: t.shortName }] : []);
  const { clip } = row;
  return {
    id: row.tapId,
    at: row.at,
    side: a?.side ?? null,
    player: a?.player ?? null,
    note: a?.note ?? null,
    event: {
      id: row.event.id,
      name: tr(row.event.name, l),
      event_utc_ts: new Date(row.event.eventUtcTs).toISOString(),
      // Away first, then home, as an event's participants.
      participants: [...team("away", row.away), ...team("home", row.home)],
    },
    clip: {
      id: clip.id,
      duration: clip.durationMs / 1000,
      poster: clip.posterKey ? await signClipUrl(shareSigner(s), clip.id, "a:share", clipPrefix(clip.id), CLIP_POSTER) : null,
      share_path: `/share/${clip.id}/${clip.uuid}`,
    },
  };
}
