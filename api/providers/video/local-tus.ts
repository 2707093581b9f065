// The local stand-in's tus endpoint (docs/decisions/025): the browser PATCHes a direct upload's bytes to
// /api/dev/tus/<uid>/<token>, and each chunk becomes one part of an R2 multipart upload into the upload's source key,
// so the local ingest packages it as if it had come through the Worker. R2 parts are at least 5 MiB and all the same
// size but the last, so the chunk size is fixed and every offset is a chunk boundary. The state (the token's hash,
// the multipart id, the parts) sits beside the source in R2, updated only if unchanged since it was read.
import { sha256Hex } from "../../lib/crypto";

export interface TusState {
  tokenHash: string;
  multipartId: string;
  sourceKey: string;
  length: number;
  chunk: number;
  parts: { partNumber: number; etag: string }[];
}

export const tusStateKey = (uid: string) => `uploads/${uid}/tus.json`;

/**
 * How long a local upload URL takes bytes, like Stream's one-time URL, which expires (at most 6 h after it is made):
 * a resume past it finds the URL gone (404) and the console asks for a new one.
 */
export const LOCAL_TUS_TTL_MS = 6 * 3_600_000;

/** Bytes received so far: whole chunks, or the whole file once the last part is in. */
export const tusOffset = (state: Pick<TusState, "length" | "chunk" | "parts">) => Math.min(state.parts.length * state.chunk, state.length);

export type TusPatchCheck = { ok: true; partNumber: number; offset: number; done: boolean } | { ok: false; status: 400 | 409; message: string };

/**
 * Whether a PATCH at `offsetHeader` carrying `bytes` bytes continues the upload: at the current offset (409 otherwise,
 * tus's answer to a client that lost track), one whole chunk, or exactly the rest of the file (400 otherwise: a chunk
 * cut short is dropped and sent again from the same offset).
 */
export function checkTusPatch(state: Pick<TusState, "length" | "chunk" | "parts">, offsetHeader: string | null, bytes: number): TusPatchCheck {
  const current = tusOffset(state);
  if (offsetHeader === null || !/^\d+$/.test(offsetHeader)) return { ok: false, status: 400, message: "Upload-Offset is missing or not a number." };
  if (Number(offsetHeader) !== current) return { ok: false, status: 409, message: `The upload is at offset ${current}.` };
  if (current >= state.length) return { ok: false, status: 409, message: "The upload is complete." };
  const expected = Math.min(state.chunk, state.length - current);
  if (bytes !== expected) return { ok: false, status: 400, message: `Send ${expected} bytes from offset ${current}.` };
  const offset = current + bytes;
  return { ok: true, partNumber: state.parts.length + 1, offset, done: offset === state.length };
}

export async function newTusState(bucket: R2Bucket, uid: string, sourceKey: string, token: string, length: number, chunk: number, contentType: string): Promise<TusState> {
  const multipart = await bucket.createMultipartUpload(sourceKey, { httpMetadata: { contentType } });
  const state: TusState = { tokenHash: await sha256Hex(token), multipartId: multipart.uploadId, sourceKey, length, chunk, parts: [] };
  await bucket.put(tusStateKey(uid), JSON.stringify(state), { httpMetadata: { contentType: "application/json" } });
  return state;
}

/** The state and its etag (for a conditional write), or null. */
export async function readTusState(bucket: R2Bucket, uid: string): Promise<{ state: TusState; etag: string } | null> {
  const object = await bucket.get(tusStateKey(uid));
  if (!object) return null;
  return { state: JSON.parse(await object.text()) as TusState, etag: object.etag };
}

/** Writes the state if nobody wrote it since `etag` was read; false when someone did. */
export async function writeTusState(bucket: R2Bucket, uid: string, state: TusState, etag: string): Promise<boolean> {
  const written = await bucket.put(tusStateKey(uid), JSON.stringify(state), { onlyIf: { etagMatches: etag }, httpMetadata: { contentType: "application/json" } });
  return written !== null;
}
