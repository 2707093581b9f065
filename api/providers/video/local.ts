// The local stand-in for the video provider (issue 16): no service to call. An input is an RTMP address on this
// machine, one port per input, where the ingest process (scripts/ingest-local.ts) runs an ffmpeg listener; an upload
// waits in R2 until the same process packages it. Both report to the API's dev-only ingest routes, so D1 holds the
// state and there is nothing to ask here (get* answer null) and no webhook to verify.
import { randomToken } from "../../lib/crypto";
import { LOCAL_TUS_CHUNK_BYTES } from "../../contract/video";
import { LOCAL_TUS_TTL_MS, newTusState, readTusState, tusStateKey } from "./local-tus";
import type { DirectUploadOptions, NewDirectUpload, NewLiveInput, NewUpload, VideoProvider, VideoWebhookEvent } from "./types";
import { VideoProviderError } from "./types";

/** How many inputs may wait for an encoder at once: one RTMP port each, from the base port up. */
export const LOCAL_INPUT_PORTS = 100;

export interface LocalProviderOptions {
  bucket: R2Bucket;
  /** The address encoders reach the ingest process at (shown in the console). */
  host: string;
  basePort: number;
  /** Ports held by local inputs that are not over (every channel: the ports are the machine's). */
  portsInUse: () => Promise<number[]>;
}

/** `rtmp://host:port/live`: the app path every local input uses; the key tells inputs apart on a shared port too. */
export const localIngestUrl = (host: string, port: number) => `rtmp://${host}:${port}/live`;

/** The port of a local ingest URL, or null. */
export function localIngestPort(ingestUrl: string): number | null {
  const match = /^rtmp:\/\/[^/:]+:(\d{2,5})\/live$/.exec(ingestUrl);
  return match ? Number(match[1]) : null;
}

export const uploadSourceKey = (uid: string, fileName: string) => {
  const ext = /\.[a-z0-9]{2,5}$/i.exec(fileName)?.[0]?.toLowerCase() ?? "";
  return `uploads/${uid}/source${ext}`;
};

export class LocalVideoProvider implements VideoProvider {
  readonly name = "local" as const;
  readonly hostsPlayback = false;

  constructor(private readonly options: LocalProviderOptions) {}

  async createLiveInput(): Promise<NewLiveInput> {
    const used = new Set(await this.options.portsInUse());
    const offset = Array.from({ length: LOCAL_INPUT_PORTS }, (_, i) => i).find((i) => !used.has(this.options.basePort + i));
    if (offset === undefined) throw new VideoProviderError(`every local ingest port (${this.options.basePort}+${LOCAL_INPUT_PORTS}) is taken`);
    return {
      uid: `local-${randomToken(12)}`,
      ingestUrl: localIngestUrl(this.options.host, this.options.basePort + offset),
      streamKey: randomToken(18),
      srtUrl: null,
    };
  }

  async getLiveInput(): Promise<null> {
    return null;
  }

  async deleteLiveInput(): Promise<void> {
    // Nothing held outside D1: the ingest process stops listening once the input is no longer in its work list.
  }

  async createUpload(file: File): Promise<NewUpload> {
    const uid = `local-${randomToken(12)}`;
    const sourceKey = uploadSourceKey(uid, file.name);
    await this.options.bucket.put(sourceKey, file, { httpMetadata: { contentType: file.type || "application/octet-stream" } });
    return { uid, sourceKey, status: "uploaded" };
  }

  /** A tus upload to this API's dev-only endpoint, authorised by a token of its own in the URL (local-tus.ts). */
  async createDirectUpload(options: DirectUploadOptions): Promise<NewDirectUpload> {
    const uid = `local-${randomToken(12)}`;
    const sourceKey = uploadSourceKey(uid, options.fileName);
    const token = randomToken(24);
    await newTusState(this.options.bucket, uid, sourceKey, token, options.bytes, LOCAL_TUS_CHUNK_BYTES, "application/octet-stream");
    return { uid, uploadUrl: `${options.origin}/api/dev/tus/${uid}/${token}`, sourceKey, chunkBytes: LOCAL_TUS_CHUNK_BYTES, expiresAt: options.now + LOCAL_TUS_TTL_MS };
  }

  /** The open multipart transfer is aborted; the tus state and whatever source bytes exist are deleted. */
  async deleteUpload(uid: string, sourceKey: string | null): Promise<void> {
    const { bucket } = this.options;
    const tus = await readTusState(bucket, uid);
    if (tus) await bucket.resumeMultipartUpload(tus.state.sourceKey, tus.state.multipartId).abort().catch(() => undefined);
    await bucket.delete([tusStateKey(uid), ...(sourceKey ? [sourceKey] : [])]);
  }

  async getUpload(): Promise<null> {
    return null;
  }

  async verifyWebhook(): Promise<VideoWebhookEvent | null> {
    return null;
  }
}
