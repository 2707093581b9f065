// Captions (issue 15, WCAG 1.2.2/1.2.4): an asset carries one WebVTT file per language (media/<asset>/captions/<lang>.vtt,
// written by `npm run media`). A timeline (a live or finished event, a VOD item) plays the asset in a loop, so its
// captions are served as segmented WebVTT in step with the video segments: segment n holds the asset's cues that
// overlap it, moved to the timeline's time. A cue that spans a segment boundary is in both segments; players drop the
// duplicate (shaka compares start, end and text). Pure: the worker and the media script share it.

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

/** "hh:mm:ss.mmm" (hours grow past 99 if they must). */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const TIME = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;
function parseTime(s: string): number | null {
  const m = TIME.exec(s.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/**
 * A WebVTT file. `header` lines go right under "WEBVTT" (HLS needs X-TIMESTAMP-MAP there to place the cues on the
 * media timeline; DASH players ignore it).
 */
export function serializeVtt(cues: readonly Cue[], header: readonly string[] = []): string {
  const blocks = cues.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}`);
  return ["WEBVTT", ...header].join("\n") + "\n\n" + blocks.map((b) => b + "\n\n").join("");
}

/** The cues of a WebVTT file (cue settings, identifiers, notes and styles are dropped: ours have none). */
export function parseVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    const lines = block.split("\n").filter((l) => l !== "");
    const at = lines.findIndex((l) => l.includes("-->"));
    if (at < 0) continue;
    const [from, to] = lines[at].split("-->");
    const start = parseTime(from);
    const end = parseTime((to ?? "").trim().split(/\s+/)[0] ?? "");
    const body = lines.slice(at + 1).join("\n");
    if (start === null || end === null || end <= start || !body) continue;
    cues.push({ start, end, text: body });
  }
  return cues;
}

/** Tells HLS players that cue time 0 is media time 0 (the timeline's segments start at 0). */
export const HLS_TIMESTAMP_MAP = "X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000";

/**
 * Segment n (1-based, `segmentS` long) of a timeline that loops an asset of `assetS` seconds: the asset's cues that
 * overlap it, on the timeline's clock.
 */
export function captionSegment(cues: readonly Cue[], n: number, segmentS: number, assetS: number): Cue[] {
  const from = (n - 1) * segmentS;
  const to = n * segmentS;
  const loop = Math.floor(from / assetS);
  const shift = loop * assetS;
  return cues
    .map((c) => ({ start: c.start + shift, end: c.end + shift, text: c.text }))
    .filter((c) => c.start < to && c.end > from);
}
