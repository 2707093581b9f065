// Looping an asset under a live event needs continuous timestamps: segment n must decode at (n-1)·d, but asset
// chunk k carries (k-1)·d. Players place fMP4 samples by the fragment's `tfdt`, so a looped chunk gets its tfdt
// (and its sidx, if any) moved forward by whole loops; a segment of CMAF chunks has one moof (and sidx) per chunk.
// Only the boxes before each media data (styp/sidx/moof, a few KB) are held; the media data streams through untouched.
// Patching in place keeps every byte offset, so `trun` offsets hold.
import { concatBytes } from "../lib/bytes";

export type Box = { type: string; start: number; content: number; end: number };

/** Larger heads are not fragments this module understands: they pass through unchanged. */
const MAX_HEAD_BYTES = 512 * 1024;

export function readBox(view: DataView, at: number, limit: number): Box | null {
  if (at + 8 > limit) return null;
  let size = view.getUint32(at);
  const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
  let content = at + 8;
  if (size === 1) {
    if (at + 16 > limit) return null;
    size = Number(view.getBigUint64(at + 8));
    content = at + 16;
  } else if (size === 0) {
    size = view.byteLength - at;
  }
  if (size < content - at) return null;
  return { type, start: at, content, end: at + size };
}

/** The complete child boxes of [from, to), stopping at the first one that does not fit. */
export function children(view: DataView, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let at = from; at < to; ) {
    const box = readBox(view, at, to);
    if (!box || box.end > to) break;
    out.push(box);
    at = box.end;
  }
  return out;
}

export const find = (boxes: Box[], type: string) => boxes.find((b) => b.type === type);
export const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Track id → media timescale, from an init segment's moov/trak/(tkhd, mdia/mdhd). */
export function initTimescales(init: Uint8Array): Map<number, number> {
  const view = viewOf(init);
  const out = new Map<number, number>();
  const moov = find(children(view, 0, init.byteLength), "moov");
  if (!moov) return out;
  for (const trak of children(view, moov.content, moov.end).filter((b) => b.type === "trak")) {
    const parts = children(view, trak.content, trak.end);
    const tkhd = find(parts, "tkhd");
    const mdia = find(parts, "mdia");
    const mdhd = mdia && find(children(view, mdia.content, mdia.end), "mdhd");
    if (!tkhd || !mdhd) continue;
    const wide = (b: Box) => view.getUint8(b.content) === 1;
    const trackId = view.getUint32(tkhd.content + (wide(tkhd) ? 20 : 12));
    out.set(trackId, view.getUint32(mdhd.content + (wide(mdhd) ? 20 : 12)));
  }
  return out;
}

/** Where the segment's head (everything up to the end of the first moof) ends, or null if not all of it is here. */
export function headEnd(bytes: Uint8Array): number | null {
  const view = viewOf(bytes);
  for (let at = 0; at < bytes.byteLength; ) {
    const box = readBox(view, at, bytes.byteLength);
    if (!box) return null;
    if (box.type === "moof") return box.end <= bytes.byteLength ? box.end : null;
    if (box.type === "mdat") return null;
    at = box.end;
  }
  return null;
}

function addTime(view: DataView, at: number, wide: boolean, shift: bigint): void {
  if (wide) {
    view.setBigUint64(at, view.getBigUint64(at) + shift);
    return;
  }
  const value = BigInt(view.getUint32(at)) + shift;
  // A 32-bit time that would overflow is left alone: the player sees a jump rather than a corrupt box.
  if (value <= 0xffffffffn) view.setUint32(at, Number(value));
}

/**
 * Moves the head's tfdt (per track, in its timescale) and sidx times forward by `shiftS` seconds, in place.
 * `head` must hold the whole head (see headEnd).
 */
export function rebaseHead(head: Uint8Array, timescales: ReadonlyMap<number, number>, shiftS: number): void {
  const view = viewOf(head);
  const ticks = (timescale: number) => BigInt(Math.round(shiftS * timescale));
  for (const box of children(view, 0, head.byteLength)) {
    if (box.type === "sidx") {
      const wide = view.getUint8(box.content) === 1;
      addTime(view, box.content + 12, wide, ticks(view.getUint32(box.content + 8)));
    }
    if (box.type !== "moof") continue;
    for (const traf of children(view, box.content, box.end).filter((b) => b.type === "traf")) {
      const parts = children(view, traf.content, traf.end);
      const tfhd = find(parts, "tfhd");
      const tfdt = find(parts, "tfdt");
      const timescale = tfhd && timescales.get(view.getUint32(tfhd.content + 4));
      if (!tfdt || !timescale) continue;
      addTime(view, tfdt.content + 4, view.getUint8(tfdt.content) === 1, ticks(timescale));
    }
  }
}

/**
 * A stream transform that moves every fragment's times (a segment may hold several: CMAF chunks, issue 26). Each box
 * before a media data box (styp, sidx, moof: a few KB) is held until whole and rebased; each mdat passes through as it
 * comes. Bytes it does not understand (a box too large, or sized "to the end") pass through unchanged.
 */
export function rebaseStream(timescales: ReadonlyMap<number, number>, shiftS: number): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array = new Uint8Array(0);
  /** Bytes of the current mdat still to pass through. */
  let passing = 0;
  let opaque = false;
  return new TransformStream({
    transform(chunk, controller) {
      let rest = chunk;
      while (rest.byteLength) {
        if (opaque) return controller.enqueue(rest);
        if (passing > 0) {
          const n = Math.min(passing, rest.byteLength);
          controller.enqueue(rest.subarray(0, n));
          passing -= n;
          rest = rest.subarray(n);
          continue;
        }
        held = held.byteLength ? concatBytes([held, rest], held.byteLength + rest.byteLength) : rest.slice();
        rest = new Uint8Array(0);
        const view = viewOf(held);
        const size = held.byteLength >= 8 ? view.getUint32(0) : null;
        // A header still cut off: wait for more.
        if (size === null || (size === 1 && held.byteLength < 16)) continue;
        const box = readBox(view, 0, held.byteLength);
        // Not a box this understands (malformed, sized "to the end", or a head too large to hold): as it is.
        if (!box || size === 0 || (box.type !== "mdat" && box.end - box.start > MAX_HEAD_BYTES)) {
          [opaque, rest, held] = [true, held, new Uint8Array(0)];
          continue;
        }
        if (box.type === "mdat") {
          // Its header and what is here of it go now; the rest as it comes.
          const here = Math.min(box.end, held.byteLength);
          controller.enqueue(held.subarray(0, here));
          passing = box.end - here;
          [rest, held] = [held.subarray(here), new Uint8Array(0)];
          continue;
        }
        if (box.end > held.byteLength) continue;
        const whole = held.subarray(0, box.end);
        rebaseHead(whole, timescales, shiftS);
        controller.enqueue(whole);
        [rest, held] = [held.subarray(box.end), new Uint8Array(0)];
      }
    },
    flush(controller) {
      if (held.byteLength) controller.enqueue(held);
    },
  });
}
