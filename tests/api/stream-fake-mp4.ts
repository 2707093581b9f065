// The small MP4 the Stream stand-in (stream.global-setup.ts) serves as a video's ready download: an `ftyp` box and
// an `mdat` naming the video, so a test can check a copy is byte-identical (and of the right video).
export function fakeStreamMp4(uid: string): Uint8Array {
  const box = (type: string, payload: Uint8Array) => {
    const out = new Uint8Array(8 + payload.byteLength);
    new DataView(out.buffer).setUint32(0, out.byteLength);
    out.set(new TextEncoder().encode(type), 4);
    out.set(payload, 8);
    return out;
  };
  const ftyp = box("ftyp", new TextEncoder().encode("isom\0\0\x02\0isomiso2avc1mp41"));
  const mdat = box("mdat", new TextEncoder().encode(`stream clip ${uid} `.repeat(64)));
  const file = new Uint8Array(ftyp.byteLength + mdat.byteLength);
  file.set(ftyp);
  file.set(mdat, ftyp.byteLength);
  return file;
}
