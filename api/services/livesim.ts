// Live that is really live, locally (issue 5): an event's manifests are generated from a looped VOD asset and the
// clock. Segment n of an event covers [(n-1)·d, n·d) after the start and plays asset chunk ((n-1) % count) + 1.
import { z } from "zod";
import { type EventTimes, streamStatus } from "./event-status";

/** The DVR window a live viewer can seek back in. */
export const DVR_WINDOW_S = 30 * 60;
/** How often a live player reloads the manifest, and how far behind the edge it plays. */
export const LIVE_UPDATE_PERIOD_S = 10;
export const LIVE_DELAY_SEGMENTS = 3;
/**
 * Low-latency live (issue 26): an encoder's broadcast is sent in CMAF chunks as it is written (cmaf-chunks.ts), the
 * simulated live of an asset made of chunks as their time comes, and a player asks for a segment while it is written
 * (availabilityTimeOffset). It starts one chunk behind the newest one,
 * then holds this far behind that edge (ServiceDescription), playing up to 8 % faster (catching up after a stall)
 * or 4 % slower: about 3 s behind the encoder in all, with two seconds of picture in hand against a late chunk.
 */
export const LOW_LATENCY_TARGET_MS = 2000;

const streamSchema = z.object({
  id: z.number().int().nonnegative(),
  kind: z.enum(["video", "audio"]),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  bandwidth: z.number().int().positive(),
  codecs: z.string().regex(/^[A-Za-z0-9.,-]+$/),
  init: z.string().regex(/^[A-Za-z0-9._$-]+$/),
  chunk_template: z.string().regex(/^[A-Za-z0-9._$%-]+$/),
});
const stillsSchema = z.object({
  interval_s: z.number().positive(),
  count: z.number().int().positive(),
  template: z.string().regex(/^[A-Za-z0-9._/$%-]+$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** media/<asset>/media.json, written by `npm run media`. */
export const mediaInfoSchema = z.object({
  segment_duration_s: z.number().positive(),
  segment_count: z.number().int().positive(),
  duration_s: z.number().positive(),
  streams: z.array(streamSchema).min(1),
  poster: z.string().regex(/^[A-Za-z0-9._/-]+$/).optional(),
  /** Frames along the asset, one every interval_s (thumbnail N shows second N × interval_s). */
  thumbnails: stillsSchema.optional(),
  /**
   * The same frames at the picture's size, up to 720 lines (issue 28, frames.ts): an encoder's broadcast and an
   * uploaded video have them (the local ingest writes them), the looped demo does not.
   */
  frames: stillsSchema.optional(),
  /** One WebVTT file per language over the whole asset (issue 15), served per segment as `captions-<lang>-<n>.vtt`. */
  captions: z
    .array(z.object({ lang: z.string().regex(/^[a-z]{2}$/), label: z.string().min(1).max(40), file: z.string().regex(/^[A-Za-z0-9._/-]+\.vtt$/) }))
    .optional(),
  /**
   * An encoder's asset still being written (issue 16, scripts/ingest-local.ts): its segments are never looped, since
   * segment n of the broadcast is chunk n, and segment_count is only what existed when media.json was last written.
   */
  live: z.boolean().optional(),
  /**
   * Segments made of CMAF chunks (a moof + mdat each) of about this length (issue 26): the ingest's, and the demo's.
   * Such an asset is low-latency while live: a segment is served while it is written, chunk by chunk.
   */
  chunk_duration_s: z.number().positive().optional(),
});
export type MediaInfo = z.infer<typeof mediaInfoSchema>;
export type CaptionTrack = NonNullable<MediaInfo["captions"]>[number];
export type MediaStream = MediaInfo["streams"][number];

export type Timeline =
  | { status: "upcoming" }
  | { status: "live" | "finished"; first: number; last: number; segmentMs: number; durationMs: number };

/** Which event segments exist at `now`: the DVR window while live, all of them once finished. */
export function eventTimeline(info: MediaInfo, event: EventTimes, now: number): Timeline {
  const status = streamStatus(event, now);
  if (status === "upcoming") return { status };
  const segmentMs = info.segment_duration_s * 1000;
  if (status === "finished") {
    const durationMs = event.end - event.start;
    return { status, first: 1, last: Math.max(1, Math.ceil(durationMs / segmentMs)), segmentMs, durationMs };
  }
  // A segment is available once it is complete: the edge is the last one that ended by now.
  const last = Math.floor((now - event.start) / segmentMs);
  const first = Math.max(1, last - Math.floor((DVR_WINDOW_S * 1000) / segmentMs) + 1);
  return { status, first, last, segmentMs, durationMs: now - event.start };
}

/** The asset chunk an event segment plays, and how many times the asset has looped before it. */
export function assetChunk(n: number, segmentCount: number): { chunk: number; loop: number } {
  return { chunk: ((n - 1) % segmentCount) + 1, loop: Math.floor((n - 1) / segmentCount) };
}

/** The chunk segment n plays on this asset: looped for a finished asset, itself for an encoder's growing one. */
export function assetChunkOf(info: MediaInfo, n: number): { chunk: number; loop: number } {
  return info.live ? { chunk: n, loop: 0 } : assetChunk(n, info.segment_count);
}

/** A stream's file name with ffmpeg's template variables filled in ($RepresentationID$, $Number$, $Number%05d$). */
export function fillTemplate(template: string, stream: MediaStream, n?: number): string {
  return template
    .replaceAll("$RepresentationID$", String(stream.id))
    .replace(/\$Number(?:%0(\d+)d)?\$/g, (m, width?: string) => (n === undefined ? m : String(n).padStart(Number(width ?? 0), "0")));
}

/** A template's $Number$ (or $Number%0Nd$) filled in, e.g. the thumbnails' "thumbs/thumb-$Number%03d$.jpg". */
export const fillNumber = (template: string, n: number) => template.replace(/\$Number(?:%0(\d+)d)?\$/g, (_m, width?: string) => String(n).padStart(Number(width ?? 0), "0"));

export type EventFile =
  | { kind: "init"; stream: MediaStream }
  | { kind: "chunk"; stream: MediaStream; n: number }
  | { kind: "playlist"; stream: MediaStream };

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Maps a file name of an event's manifests back to its stream (and segment number). */
export function resolveEventFile(info: MediaInfo, file: string): EventFile | null {
  for (const stream of info.streams) {
    if (file === fillTemplate(stream.init, stream)) return { kind: "init", stream };
    if (file === playlistName(stream)) return { kind: "playlist", stream };
    const [before, after] = fillTemplate(stream.chunk_template, stream).split(/\$Number(?:%0\d+d)?\$/);
    if (after === undefined) continue;
    const match = new RegExp(`^${escapeRegex(before)}(\\d{1,9})${escapeRegex(after)}$`).exec(file);
    if (match && Number(match[1]) >= 1) return { kind: "chunk", stream, n: Number(match[1]) };
  }
  return null;
}

export const playlistName = (stream: MediaStream) => `media_${stream.id}.m3u8`;

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => `PT${Number((ms / 1000).toFixed(3))}S`;
const attr = (s: string) => s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
const withToken = (url: string, token: string) => `${url}?token=${encodeURIComponent(token)}`;

/** A live manifest of an asset made of CMAF chunks is low-latency: its segments can be fetched while they are written. */
const lowLatency = (info: MediaInfo, live: boolean): info is MediaInfo & { chunk_duration_s: number } => live && info.chunk_duration_s !== undefined;

/**
 * A low-latency segment template's attributes: a segment can be asked for once its first chunk is complete. Every
 * representation has them, captions too: shaka plays low-latency only if none lacks them.
 */
function availableEarly(info: MediaInfo, live: boolean): string {
  if (!lowLatency(info, live)) return "";
  return ` availabilityTimeOffset="${Number((info.segment_duration_s - info.chunk_duration_s).toFixed(3))}" availabilityTimeComplete="false"`;
}

function representation(info: MediaInfo, stream: MediaStream, token: string, live: boolean): string {
  const size = stream.width && stream.height ? ` width="${stream.width}" height="${stream.height}"` : "";
  const segmentMs = Math.round(info.segment_duration_s * 1000);
  const early = availableEarly(info, live);
  return [
    `      <Representation id="${stream.id}" codecs="${attr(stream.codecs)}" bandwidth="${stream.bandwidth}"${size}>`,
    `        <SegmentTemplate timescale="1000" duration="${segmentMs}" startNumber="1"${early}` +
      ` initialization="${attr(withToken(fillTemplate(stream.init, stream), token))}"` +
      ` media="${attr(withToken(fillTemplate(stream.chunk_template, stream), token))}"/>`,
    `      </Representation>`,
  ].join("\n");
}

/** A caption segment's name: `captions-en-00001.vtt` (n given) or the template (n omitted). */
export const captionSegmentName = (lang: string, n?: number) => `captions-${lang}-${n === undefined ? "$Number%05d$" : String(n).padStart(5, "0")}.vtt`;
export const captionPlaylistName = (lang: string) => `captions-${lang}.m3u8`;

/** Segmented WebVTT in step with the video segments (captions.ts), one adaptation set per language. */
function captionSet(info: MediaInfo, track: CaptionTrack, token: string, live: boolean): string {
  const segmentMs = Math.round(info.segment_duration_s * 1000);
  return [
    `    <AdaptationSet contentType="text" mimeType="text/vtt" lang="${attr(track.lang)}" segmentAlignment="true">`,
    `      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/>`,
    `      <Label>${attr(track.label)}</Label>`,
    `      <Representation id="captions-${attr(track.lang)}" bandwidth="256">`,
    `        <SegmentTemplate timescale="1000" duration="${segmentMs}" startNumber="1"${availableEarly(info, live)} media="${attr(withToken(captionSegmentName(track.lang), token))}"/>`,
    `      </Representation>`,
    `    </AdaptationSet>`,
  ].join("\n");
}

/** The event's DASH manifest: dynamic while live (numbers from the clock), static once finished. */
export function buildMpd(info: MediaInfo, event: EventTimes, now: number, token: string): string | null {
  const t = eventTimeline(info, event, now);
  if (t.status === "upcoming") return null;
  /** The chunk's length (ms) when low-latency. */
  const low = lowLatency(info, t.status === "live") ? info.chunk_duration_s * 1000 : null;
  const head =
    t.status === "live"
      ? `type="dynamic" availabilityStartTime="${iso(event.start)}" publishTime="${iso(now)}"` +
        ` minimumUpdatePeriod="PT${LIVE_UPDATE_PERIOD_S}S" timeShiftBufferDepth="PT${DVR_WINDOW_S / 60}M"` +
        ` suggestedPresentationDelay="${seconds(low ?? LIVE_DELAY_SEGMENTS * t.segmentMs)}"`
      : `type="static" mediaPresentationDuration="${seconds(t.durationMs)}"`;
  const sets = (["video", "audio"] as const)
    .map((kind) => {
      const streams = info.streams.filter((s) => s.kind === kind);
      if (!streams.length) return "";
      return [
        `    <AdaptationSet contentType="${kind}" mimeType="${kind}/mp4" segmentAlignment="true" startWithSAP="1">`,
        ...streams.map((s) => representation(info, s, token, t.status === "live")),
        `    </AdaptationSet>`,
      ].join("\n");
    })
    .filter(Boolean);
  sets.push(...(info.captions ?? []).map((c) => captionSet(info, c, token, t.status === "live")));
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" ${head} minBufferTime="${seconds(low ?? 2 * t.segmentMs)}">`,
    // The latency the player keeps to, speeding up or slowing down a little to hold it (shaka's live sync).
    ...(low
      ? [
          `  <ServiceDescription id="0">`,
          `    <Latency target="${LOW_LATENCY_TARGET_MS}" min="${LOW_LATENCY_TARGET_MS / 2}" max="${LOW_LATENCY_TARGET_MS * 2}" referenceId="0"/>`,
          `    <PlaybackRate min="0.96" max="1.08"/>`,
          `  </ServiceDescription>`,
        ]
      : []),
    `  <Period id="0" start="PT0S">`,
    ...sets,
    `  </Period>`,
    // Players sync their clock to the server's, so the live edge is right even on a skewed device (or test clock).
    ...(t.status === "live" ? [`  <UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="${iso(now)}"/>`] : []),
    `</MPD>`,
    ``,
  ].join("\n");
}

/**
 * A static DASH manifest over segments first…last of a timeline (issue 11: a clip's instant preview, before its file
 * exists). The segments are the source's own, named by their numbers; the presentation time offset starts the
 * slice at 0.
 */
export function buildSliceMpd(info: MediaInfo, first: number, last: number, token: string): string {
  const segmentMs = Math.round(info.segment_duration_s * 1000);
  const durationMs = (last - first + 1) * segmentMs;
  const sets = (["video", "audio"] as const)
    .map((kind) => {
      const streams = info.streams.filter((s) => s.kind === kind);
      if (!streams.length) return "";
      const reps = streams.map((s) => {
        const size = s.width && s.height ? ` width="${s.width}" height="${s.height}"` : "";
        return [
          `      <Representation id="${s.id}" codecs="${attr(s.codecs)}" bandwidth="${s.bandwidth}"${size}>`,
          `        <SegmentTemplate timescale="1000" duration="${segmentMs}" startNumber="${first}" presentationTimeOffset="${(first - 1) * segmentMs}"` +
            ` initialization="${attr(withToken(fillTemplate(s.init, s), token))}"` +
            ` media="${attr(withToken(fillTemplate(s.chunk_template, s), token))}"/>`,
          `      </Representation>`,
        ].join("\n");
      });
      return [`    <AdaptationSet contentType="${kind}" mimeType="${kind}/mp4" segmentAlignment="true" startWithSAP="1">`, ...reps, `    </AdaptationSet>`].join("\n");
    })
    .filter(Boolean);
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" type="static" mediaPresentationDuration="${seconds(durationMs)}" minBufferTime="${seconds(2 * segmentMs)}">`,
    `  <Period id="0" start="PT0S">`,
    ...sets,
    `  </Period>`,
    `</MPD>`,
    ``,
  ].join("\n");
}

/** The HLS multivariant playlist: one variant per video rendition, the audio as a shared group. */
export function buildHlsMaster(info: MediaInfo, token: string): string {
  const audio = info.streams.filter((s) => s.kind === "audio");
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  audio.forEach((s, i) =>
    lines.push(`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="audio_${s.id}",DEFAULT=${i === 0 ? "YES" : "NO"},AUTOSELECT=YES,URI="${withToken(playlistName(s), token)}"`),
  );
  const captions = info.captions ?? [];
  captions.forEach((c) =>
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="captions",NAME="${c.label}",LANGUAGE="${c.lang}",DEFAULT=NO,AUTOSELECT=YES,` +
        `CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",URI="${withToken(captionPlaylistName(c.lang), token)}"`,
    ),
  );
  for (const v of info.streams.filter((s) => s.kind === "video")) {
    const codecs = [v.codecs, ...(audio[0] ? [audio[0].codecs] : [])].join(",");
    const bandwidth = v.bandwidth + (audio[0]?.bandwidth ?? 0);
    const size = v.width && v.height ? `,RESOLUTION=${v.width}x${v.height}` : "";
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},CODECS="${codecs}"${size}${audio.length ? ',AUDIO="audio"' : ""}${captions.length ? ',SUBTITLES="captions"' : ""}`);
    lines.push(withToken(playlistName(v), token));
  }
  return lines.join("\n") + "\n";
}

/** One stream's HLS media playlist: a sliding DVR window while live, the whole recording (VOD) once finished. */
export function buildHlsMedia(info: MediaInfo, stream: MediaStream, event: EventTimes, now: number, token: string): string | null {
  return hlsPlaylist(info, event, now, [`#EXT-X-MAP:URI="${withToken(fillTemplate(stream.init, stream), token)}"`], (n) =>
    withToken(fillTemplate(stream.chunk_template, stream, n), token),
  );
}

/** A caption language's HLS playlist: the same window as the media's, one WebVTT segment per media segment. */
export function buildHlsCaptions(info: MediaInfo, lang: string, event: EventTimes, now: number, token: string): string | null {
  return hlsPlaylist(info, event, now, [], (n) => withToken(captionSegmentName(lang, n), token));
}

function hlsPlaylist(info: MediaInfo, event: EventTimes, now: number, head: string[], segment: (n: number) => string): string | null {
  const t = eventTimeline(info, event, now);
  if (t.status === "upcoming") return null;
  const d = info.segment_duration_s;
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${Math.ceil(d)}`,
    `#EXT-X-MEDIA-SEQUENCE:${t.first}`,
    ...(t.status === "finished" ? ["#EXT-X-PLAYLIST-TYPE:VOD"] : []),
    "#EXT-X-INDEPENDENT-SEGMENTS",
    ...head,
  ];
  for (let n = t.first; n <= t.last; n++) {
    if (n === t.first) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(event.start + (n - 1) * t.segmentMs)}`);
    lines.push(`#EXTINF:${d.toFixed(3)},`, segment(n));
  }
  if (t.status === "finished") lines.push("#EXT-X-ENDLIST");
  return lines.join("\n") + "\n";
}

/** The highest segment number a request may ask for now (one ahead of the edge, for a player's clock skew). */
export function maxSegment(info: MediaInfo, event: EventTimes, now: number): number {
  const t = eventTimeline(info, event, now);
  if (t.status === "upcoming") return 0;
  return t.status === "live" ? t.last + 1 : t.last;
}
