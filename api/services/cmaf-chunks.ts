// Low-latency live (issue 26): a live segment is written as CMAF chunks, a `moof`+`mdat` pair every half second, and
// each reaches viewers as soon as it exists instead of when the 2-s segment is whole. The local ingest uploads the
// chunks of the segment being written as numbered parts (`parts/<segment>.<k>`, one or more chunks each), then the
// whole segment; the media route streams a segment still being written part by part (timeline-files.ts).
import { type Box, children, find, viewOf } from "./fmp4-rebase";

/** How long one CMAF chunk lasts: the packager cuts a fragment at the first frame past each half second. */
export const CMAF_CHUNK_S = 0.5;

/** The object of part k (1, 2, …) of a segment file still being written, under the asset's folder. */
export const segmentPartFile = (file: string, k: number) => `${segmentPartsPrefix(file)}${k}`;

/** What the names of every part of a segment file begin with. */
export const segmentPartsPrefix = (file: string) => `parts/${file}.`;

/**
 * The byte offsets just past each complete chunk (a `moof` followed by its `mdat`) in the bytes of a segment being
 * written. A box cut off by the end of the bytes, and everything after it, is not counted.
 */
export function chunkEnds(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return children(view, 0, bytes.byteLength)
    .filter((box) => box.type === "mdat")
    .map((box) => box.end);
}

/**
 * The chunks of a whole segment, each with the byte offset just past it and when it ends (seconds after the segment's
 * first chunk begins): the next chunk's start by its first track fragment's `tfdt`, and the segment's length for the
 * last. A simulated live sends each chunk once the clock has passed its end (timeline-files.ts), as an encoder would.
 */
export function chunkSchedule(bytes: Uint8Array, timescales: ReadonlyMap<number, number>, segmentS: number): { end: number; endS: number }[] {
  const view = viewOf(bytes);
  const starts: (number | null)[] = [];
  const ends: number[] = [];
  let pending: number | null = null;
  for (const box of children(view, 0, bytes.byteLength)) {
    if (box.type === "moof") pending = firstTrackTime(view, box, timescales);
    if (box.type !== "mdat") continue;
    starts.push(pending);
    ends.push(box.end);
    pending = null;
  }
  const first = starts[0];
  return ends.map((end, i) => {
    const next = starts[i + 1];
    const endS = i === ends.length - 1 || next == null || first == null ? segmentS : Math.min(segmentS, Math.max(0, next - first));
    return { end, endS };
  });
}

/** A moof's first track fragment's decode time in seconds, or null without a tfdt or a known timescale. */
function firstTrackTime(view: DataView, moof: Box, timescales: ReadonlyMap<number, number>): number | null {
  const traf = find(children(view, moof.content, moof.end), "traf");
  const parts = traf ? children(view, traf.content, traf.end) : [];
  const tfhd = find(parts, "tfhd");
  const tfdt = find(parts, "tfdt");
  const timescale = tfhd && timescales.get(view.getUint32(tfhd.content + 4));
  if (!tfdt || !timescale) return null;
  const time = view.getUint8(tfdt.content) === 1 ? Number(view.getBigUint64(tfdt.content + 4)) : view.getUint32(tfdt.content + 4);
  return time / timescale;
}
