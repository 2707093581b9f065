// Low-latency live (issue 26): a live segment is written as CMAF chunks, a `moof`+`mdat` pair every half second, and
// each reaches viewers as soon as it exists instead of when the 2-s segment is whole. The local ingest uploads the
// chunks of the segment being written as numbered parts (`parts/<segment>.<k>`, one or more chunks each), then the
// whole segment; the media route streams a segment still being written part by part (timeline-files.ts).
import { children } from "./fmp4-rebase";

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
