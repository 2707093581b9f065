// One downloadable MP4 from stored DASH segments (issue 5 event download; the clips issue reuses it): the video and
// audio init segments merged into one moov with two tracks, then each segment's fragments, video and audio
// interleaved by time, with decode times rebased so the file starts at 0. Nothing is re-encoded and only one
// segment is held at a time (Workers have 128 MB): segments are patched in place, so every size and offset holds
// and the total length is known up front from the stored objects' sizes.
import { children, find, initTimescales, viewOf, type Box } from "./fmp4-rebase";
import { assetChunkOf, fillTemplate, type MediaInfo, type MediaStream } from "./livesim";
import { mediaObjectKey } from "./media-asset";

/** Reads an asset's files by name (e.g. "init-stream1.m4s"), from R2 in the Worker or the disk in a test. */
export interface SegmentReader {
  get(file: string): Promise<Uint8Array | null>;
  /** The file's size in bytes, or null when unknown (then no Content-Length is given). */
  size(file: string): Promise<number | null>;
}

export interface Mp4Request {
  info: MediaInfo;
  reader: SegmentReader;
  /** Event segment numbers, inclusive; segment n plays asset chunk ((n-1) % count) + 1, as in livesim. */
  first: number;
  last: number;
  /** The video rendition; the highest one when absent. */
  videoStreamId?: number;
}

export interface BuiltMp4 {
  stream: ReadableStream<Uint8Array>;
  /** Total bytes, or null when a size was unknown. */
  size: number | null;
  tracks: { id: number; kind: MediaStream["kind"]; codecs: string }[];
}

interface Track {
  stream: MediaStream;
  /** The track id inside the stream's own files, and the one it gets in the output (1, 2, …). */
  sourceId: number;
  id: number;
  timescale: number;
  /** The first fragment's decode time (with its loop), subtracted from every later one; learned when read. */
  base: bigint | null;
}

const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((total, p) => total + p.byteLength, 0);
  const out = new Uint8Array(size);
  out.set(u32(size), 0);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  let at = 8;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

const copyOf = (bytes: Uint8Array, b: Box) => bytes.slice(b.start, b.end);
const isWide = (view: DataView, b: Box) => view.getUint8(b.content) === 1;

/** The stream picked as the download's video: the requested one, else the tallest (then the richest). */
export function pickStreams(info: MediaInfo, videoStreamId?: number): MediaStream[] {
  const videos = info.streams.filter((s) => s.kind === "video");
  const video =
    videoStreamId === undefined
      ? [...videos].sort((a, b) => (b.height ?? 0) - (a.height ?? 0) || b.bandwidth - a.bandwidth)[0]
      : videos.find((s) => s.id === videoStreamId);
  const audio = info.streams.find((s) => s.kind === "audio");
  return [video, audio].filter((s): s is MediaStream => s !== undefined);
}

/**
 * ftyp + moov of the first init, with every init's trak (track ids renumbered 1…n) and an mvex of their trex boxes
 * plus an mehd giving the whole duration (fragmented files have no other place for it).
 */
export function mergeInits(inits: Uint8Array[], durationS: number): Uint8Array {
  const top = (bytes: Uint8Array) => children(viewOf(bytes), 0, bytes.byteLength);
  const moovParts = (bytes: Uint8Array) => {
    const moov = find(top(bytes), "moov");
    if (!moov) throw new Error("init segment without moov");
    return children(viewOf(bytes), moov.content, moov.end);
  };
  const first = inits[0];
  const ftyp = find(top(first), "ftyp");
  const parts = moovParts(first);
  const mvhdBox = find(parts, "mvhd");
  if (!ftyp || !mvhdBox) throw new Error("init segment without ftyp/mvhd");
  const mvhd = copyOf(first, mvhdBox);
  const mvhdView = viewOf(mvhd);
  const wide = mvhdView.getUint8(8) === 1;
  const movieTimescale = mvhdView.getUint32(8 + (wide ? 20 : 12));
  mvhdView.setUint32(8 + (wide ? 108 : 96), inits.length + 1); // next_track_ID

  const traks: Uint8Array[] = [];
  const trexes: Uint8Array[] = [];
  inits.forEach((init, i) => {
    const view = viewOf(init);
    const own = moovParts(init);
    const trakBox = find(own, "trak");
    const mvex = find(own, "mvex");
    const trexBox = mvex && find(children(view, mvex.content, mvex.end), "trex");
    const tkhdBox = trakBox && find(children(view, trakBox.content, trakBox.end), "tkhd");
    if (!trakBox || !trexBox || !tkhdBox) throw new Error("init segment without trak/trex");
    const trak = copyOf(init, trakBox);
    viewOf(trak).setUint32(tkhdBox.content - trakBox.start + (isWide(view, tkhdBox) ? 20 : 12), i + 1);
    const trex = copyOf(init, trexBox);
    viewOf(trex).setUint32(12, i + 1);
    traks.push(trak);
    trexes.push(trex);
  });
  const mehdBody = new Uint8Array(12);
  mehdBody[0] = 1; // version 1: 64-bit fragment_duration
  viewOf(mehdBody).setBigUint64(4, BigInt(Math.round(durationS * movieTimescale)));
  const others = parts.filter((b) => !["mvhd", "trak", "mvex"].includes(b.type)).map((b) => copyOf(first, b));
  const moov = box("moov", mvhd, ...traks, box("mvex", box("mehd", mehdBody), ...trexes), ...others);
  const ftypBytes = copyOf(first, ftyp);
  const out = new Uint8Array(ftypBytes.byteLength + moov.byteLength);
  out.set(ftypBytes, 0);
  out.set(moov, ftypBytes.byteLength);
  return out;
}

/**
 * Patches one stored segment in place for its place in the output: sidx becomes `free` (it indexed the original
 * file), each moof gets the next sequence number, its trafs the output track id and a rebased tfdt, and an
 * explicit base_data_offset (absolute in the segment file) moves by where the segment lands in the output.
 */
function patchSegment(bytes: Uint8Array, track: Track, loopTicks: bigint, nextSequence: () => number, outputOffset: number): void {
  const view = viewOf(bytes);
  for (const b of children(view, 0, bytes.byteLength)) {
    if (b.type === "sidx") [..."free"].forEach((ch, i) => view.setUint8(b.start + 4 + i, ch.charCodeAt(0)));
    if (b.type !== "moof") continue;
    const parts = children(view, b.content, b.end);
    const mfhd = find(parts, "mfhd");
    if (mfhd) view.setUint32(mfhd.content + 4, nextSequence());
    for (const traf of parts.filter((p) => p.type === "traf")) {
      const inner = children(view, traf.content, traf.end);
      const tfhd = find(inner, "tfhd");
      if (!tfhd || view.getUint32(tfhd.content + 4) !== track.sourceId) continue;
      view.setUint32(tfhd.content + 4, track.id);
      if (view.getUint32(tfhd.content) & 0x000001) {
        view.setBigUint64(tfhd.content + 8, view.getBigUint64(tfhd.content + 8) + BigInt(outputOffset));
      }
      const tfdt = find(inner, "tfdt");
      if (!tfdt) continue;
      const wide = isWide(view, tfdt);
      const stored = wide ? view.getBigUint64(tfdt.content + 4) : BigInt(view.getUint32(tfdt.content + 4));
      const time = stored + loopTicks;
      track.base ??= time;
      const rebased = time > track.base ? time - track.base : 0n;
      if (wide) view.setBigUint64(tfdt.content + 4, rebased);
      // A 32-bit decode time holds 24 h at 48 kHz; downloads are capped far below that.
      else view.setUint32(tfdt.content + 4, Number(rebased & 0xffffffffn));
    }
  }
}

/** Builds the MP4; null when the asset lacks a video stream or an init segment. */
export async function buildMp4(req: Mp4Request): Promise<BuiltMp4 | null> {
  const { info, reader, first, last } = req;
  if (first < 1 || last < first) return null;
  const streams = pickStreams(info, req.videoStreamId);
  if (!streams.some((s) => s.kind === "video")) return null;
  const inits = await Promise.all(streams.map((s) => reader.get(fillTemplate(s.init, s))));
  if (inits.some((i) => i === null)) return null;
  const tracks: Track[] = streams.map((stream, i) => {
    const [sourceId, timescale] = [...initTimescales(inits[i]!)][0] ?? [0, 0];
    return { stream, sourceId, id: i + 1, timescale, base: null };
  });
  if (tracks.some((t) => !t.timescale)) return null;
  const segments = last - first + 1;
  const header = mergeInits(inits as Uint8Array[], segments * info.segment_duration_s);

  const fileOf = (index: number) => {
    const n = first + Math.floor(index / tracks.length);
    const track = tracks[index % tracks.length];
    const { chunk, loop } = assetChunkOf(info, n);
    return { track, loop, file: fillTemplate(track.stream.chunk_template, track.stream, chunk) };
  };
  const total = segments * tracks.length;
  const size = await contentLength(reader, header.byteLength, total, fileOf);
  const loopS = info.segment_count * info.segment_duration_s;

  let index = -1;
  let offset = 0;
  let sequence = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (index === -1) {
          index = 0;
          offset = header.byteLength;
          return controller.enqueue(header);
        }
        if (index >= total) return controller.close();
        const { track, loop, file } = fileOf(index++);
        const bytes = await reader.get(file);
        if (!bytes) return controller.error(new Error(`segment ${file} is missing`));
        patchSegment(bytes, track, BigInt(Math.round(loop * loopS * track.timescale)), () => ++sequence, offset);
        offset += bytes.byteLength;
        controller.enqueue(bytes);
      },
    },
    // Nothing is read ahead of the consumer: one segment in memory at a time.
    { highWaterMark: 0 },
  );
  return { stream, size, tracks: tracks.map((t) => ({ id: t.id, kind: t.stream.kind, codecs: t.stream.codecs })) };
}

/** Header plus every segment's stored size; a looped asset has few distinct files, so sizes are looked up once. */
async function contentLength(reader: SegmentReader, headerBytes: number, total: number, fileOf: (i: number) => { file: string }): Promise<number | null> {
  const sizes = new Map<string, number | null>();
  let sum = headerBytes;
  for (let i = 0; i < total; i++) {
    const { file } = fileOf(i);
    if (!sizes.has(file)) sizes.set(file, await reader.size(file));
    const size = sizes.get(file);
    if (size === null || size === undefined) return null;
    sum += size;
  }
  return sum;
}

/**
 * How many bytes of segments one download keeps for reuse. A recording longer than its asset loops it, so the same
 * few files come back every loop: kept, a 2-hour download of the 2-minute demo reads each file from R2 once instead
 * of 60 times (R2 calls per request are bounded). A real recording has no repeats and is read once anyway.
 */
export const SEGMENT_CACHE_BYTES = 32 * 1024 * 1024;

/** Reads an asset from the MEDIA bucket; sizes come from one listing of the asset (not one request per file). */
export function r2SegmentReader(bucket: R2Bucket, asset: string, cacheBytes = SEGMENT_CACHE_BYTES): SegmentReader {
  let listing: Promise<Map<string, number>> | null = null;
  const cache = new Map<string, Uint8Array>();
  let cached = 0;
  const list = async () => {
    const sizes = new Map<string, number>();
    const prefix = mediaObjectKey(asset, "");
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor });
      for (const o of page.objects) sizes.set(o.key.slice(prefix.length), o.size);
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return sizes;
  };
  return {
    async get(file) {
      const kept = cache.get(file);
      // A copy: the builder patches the bytes it is given in place.
      if (kept) return kept.slice();
      const object = await bucket.get(mediaObjectKey(asset, file));
      if (!object) return null;
      const bytes = new Uint8Array(await object.arrayBuffer());
      if (cached + bytes.byteLength <= cacheBytes) {
        cache.set(file, bytes.slice());
        cached += bytes.byteLength;
      }
      return bytes;
    },
    async size(file) {
      listing ??= list();
      return (await listing).get(file) ?? null;
    },
  };
}
