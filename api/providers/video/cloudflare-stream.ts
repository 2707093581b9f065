// Cloudflare Stream as the video provider (issue 16), through its REST API with fetch (no SDK: a few calls, and
// tests hand in a fake fetch). Live inputs record automatically, so a stream that stops becomes an on-demand video;
// uploads go through a one-time direct upload URL; every video requires a signed URL (the playback grant's checks
// are the only way in), and playback and download URLs carry a signed token: signed here with the account's Stream
// signing key when one is configured (an RS256 JWT, no call), else by Stream's token endpoint (one API call per URL,
// within the account's 1,200 calls per 5 minutes); webhooks are verified with the account's webhook secret
// (`Webhook-Signature: time=…,sig1=…`, HMAC-SHA256 over "time.body").
import { z } from "zod";
import { hmacSha256, timingSafeEqual, toBase64Url } from "../../lib/crypto";
import { STREAM_TUS_CHUNK_BYTES } from "../../contract/video";
import type { DirectUploadOptions, DownloadState, LiveInputState, NewDirectUpload, NewLiveInput, NewUpload, SignedPlayback, UploadState, VideoProvider, VideoWebhookEvent } from "./types";
import { VideoProviderError } from "./types";
import { CLOUDFLARE_API_DEFAULT } from "../cloudflare-api";

export { CLOUDFLARE_API_DEFAULT as STREAM_API } from "../cloudflare-api";

/** Where a customer's Stream videos play from: one host per account, named by its customer code. */
export const streamOrigin = (customerCode: string) => `https://customer-${customerCode}.cloudflarestream.com`;
/**
 * The seek preview's frames: Stream makes a thumbnail at any second (`thumbnails/thumbnail.jpg?time=<s>s&height=`);
 * one every 10 s at 180 px high (16:9) is what the player and the clip cutter show, and what Stream caches well.
 */
export const STREAM_THUMBNAILS = { interval_s: 10, width: 320, height: 180 } as const;
/** A webhook older than this is refused (a replay). */
export const STREAM_WEBHOOK_TOLERANCE_S = 300;
/** The longest upload Stream is told to expect (it reserves minutes by it). */
const MAX_UPLOAD_DURATION_S = 4 * 3600;

export interface CloudflareStreamOptions {
  accountId: string;
  apiToken: string;
  /** customer-<code>.cloudflarestream.com, where playback URLs live; null when not configured (nothing can be signed). */
  customerCode: string | null;
  /** Cloudflare's REST API base (STREAM_API unless a test points it elsewhere). */
  apiBase?: string;
  /** Where signed URLs point and the MP4s are fetched from: streamOrigin(customerCode) unless a test points it elsewhere. */
  deliveryBase?: string;
  /**
   * A Stream signing key (POST /stream/keys answers its `id` and its private `jwk`): playback and download tokens are
   * then signed here, with no call to Stream. Without it, each token is one call to Stream's token endpoint.
   */
  signingKey?: StreamSigningKey;
  /** The secret Stream answered when the webhook URL was set (PUT /stream/webhook). */
  webhookSecret?: string;
  fetch?: typeof fetch;
}

export interface StreamSigningKey {
  id: string;
  /** The RSA private key, as the JWK Stream answers (base64-decoded). */
  jwk: JsonWebKey;
}

/** Stream's signing keys are RSA, and its tokens RS256 JWTs (RSASSA-PKCS1-v1_5 with SHA-256). */
const RS256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;
/** Each key imported once per isolate (the settings, and so the JWK object, live as long as the env). */
const importedKeys = new WeakMap<JsonWebKey, Promise<CryptoKey>>();

function signingCryptoKey(jwk: JsonWebKey): Promise<CryptoKey> {
  let key = importedKeys.get(jwk);
  if (!key) {
    key = crypto.subtle.importKey("jwk", { kty: jwk.kty, n: jwk.n, e: jwk.e, d: jwk.d, p: jwk.p, q: jwk.q, dp: jwk.dp, dq: jwk.dq, qi: jwk.qi }, RS256, false, ["sign"]);
    importedKeys.set(jwk, key);
  }
  return key;
}

const base64UrlJson = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

/**
 * A Stream token for `uid` signed with the account's signing key, as Stream's token endpoint would answer it: header
 * `{ alg: RS256, kid }`, claims `{ sub, kid, exp }` and `downloadable` for an MP4.
 */
export async function signStreamToken(key: StreamSigningKey, uid: string, expiresAt: number, downloadable = false): Promise<string> {
  const head = `${base64UrlJson({ alg: "RS256", kid: key.id })}.${base64UrlJson({ sub: uid, kid: key.id, exp: Math.floor(expiresAt / 1000), ...(downloadable ? { downloadable: true } : {}) })}`;
  const signature = await crypto.subtle.sign(RS256, await signingCryptoKey(key.jwk), new TextEncoder().encode(head));
  return `${head}.${toBase64Url(new Uint8Array(signature))}`;
}

const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ success: z.boolean(), errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).default([]), result: result.nullable().optional() });

const liveInputSchema = z.object({
  uid: z.string().min(1),
  rtmps: z.object({ url: z.string().min(1), streamKey: z.string().min(1) }),
  srt: z.object({ url: z.string().min(1), streamId: z.string().min(1), passphrase: z.string().min(1) }).partial().optional(),
  status: z
    .union([z.string(), z.object({ current: z.object({ state: z.string() }).partial().optional() }).passthrough()])
    .nullable()
    .optional(),
});
const directUploadSchema = z.object({ uid: z.string().min(1), uploadURL: z.string().url() });
const videoSchema = z.object({
  uid: z.string().min(1),
  readyToStream: z.boolean().optional(),
  status: z.object({ state: z.string(), errorReasonCode: z.string().optional(), errorReasonText: z.string().optional() }).partial().optional(),
  duration: z.number().optional(),
  liveInput: z.string().nullable().optional(),
});
// A token is a path segment of every signed URL: anything else would change the URL it is put in.
const tokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9._-]{1,4096}$/) });
const downloadsSchema = z.object({
  default: z.object({ status: z.string(), percentComplete: z.number().optional() }).partial().optional(),
});

/** Stream's connection states that mean an encoder is sending now. */
const CONNECTED = new Set(["connected", "reconnected"]);

export class CloudflareStreamProvider implements VideoProvider {
  readonly name = "cloudflare" as const;
  readonly hostsPlayback = true;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: CloudflareStreamOptions) {
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  private async call<T extends z.ZodType>(method: string, path: string, schema: T, body?: unknown): Promise<z.output<T> | null> {
    let res: Response;
    try {
      res = await this.fetcher(`${this.options.apiBase ?? CLOUDFLARE_API_DEFAULT}/accounts/${encodeURIComponent(this.options.accountId)}/stream${path}`, {
        method,
        headers: { authorization: `Bearer ${this.options.apiToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new VideoProviderError(`Stream ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (res.status === 404) return null;
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : { success: res.ok, errors: [] };
    } catch {
      throw new VideoProviderError(`Stream ${method} ${path}: answered ${res.status} without JSON`, res.status);
    }
    const parsed = envelope(schema).safeParse(json);
    if (!res.ok || !parsed.success || !parsed.data.success) {
      const reason = parsed.success ? parsed.data.errors.map((e) => e.message).join("; ") : "unexpected answer";
      throw new VideoProviderError(`Stream ${method} ${path}: ${res.status} ${reason}`, res.status);
    }
    return (parsed.data.result ?? null) as z.output<T> | null;
  }

  async createLiveInput(options: { name: string; reconnectGraceS: number }): Promise<NewLiveInput> {
    // Low-latency HLS (`preferLowLatency`, played with ?protocol=llhls), and the channel's reconnect period as the
    // time the input stays live after the encoder stops (recording.timeoutSeconds), as the local ingest waits.
    const input = await this.call("POST", "/live_inputs", liveInputSchema, {
      meta: { name: options.name },
      preferLowLatency: true,
      recording: { mode: "automatic", requireSignedURLs: true, timeoutSeconds: options.reconnectGraceS },
    });
    if (!input) throw new VideoProviderError("Stream created no live input");
    const srt = input.srt?.url && input.srt.streamId && input.srt.passphrase ? srtUrl(input.srt.url, input.srt.streamId, input.srt.passphrase) : null;
    return { uid: input.uid, ingestUrl: input.rtmps.url, streamKey: input.rtmps.streamKey, srtUrl: srt };
  }

  async getLiveInput(uid: string): Promise<LiveInputState | null> {
    const input = await this.call("GET", `/live_inputs/${encodeURIComponent(uid)}`, liveInputSchema);
    if (!input) return null;
    const state = typeof input.status === "string" ? input.status : input.status?.current?.state;
    return { connected: state !== undefined && CONNECTED.has(state) };
  }

  async deleteLiveInput(uid: string): Promise<void> {
    await this.call("DELETE", `/live_inputs/${encodeURIComponent(uid)}`, z.unknown());
  }

  /** DELETE /stream/{uid}: the video and a tus upload still open to it (a video already gone is fine: 404 is null). */
  async deleteUpload(uid: string): Promise<void> {
    await this.call("DELETE", `/${encodeURIComponent(uid)}`, z.unknown());
  }

  async createUpload(file: File, options: { name: string }): Promise<NewUpload> {
    const upload = await this.call("POST", "/direct_upload", directUploadSchema, { maxDurationSeconds: MAX_UPLOAD_DURATION_S, requireSignedURLs: true, meta: { name: options.name } });
    if (!upload) throw new VideoProviderError("Stream gave no upload URL");
    // The one-time URL takes a basic multipart POST with the file as "file".
    const form = new FormData();
    form.append("file", file, file.name);
    let res: Response;
    try {
      res = await this.fetcher(upload.uploadURL, { method: "POST", body: form });
    } catch (error) {
      throw new VideoProviderError(`Stream upload: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!res.ok) throw new VideoProviderError(`Stream upload answered ${res.status}`, res.status);
    return { uid: upload.uid, sourceKey: null, status: "processing" };
  }

  /**
   * A direct creator upload with tus (POST ?direct_user=true): Stream answers the one-time upload URL in `Location`
   * and the video's uid in `stream-media-id`; the browser then PATCHes the bytes there. Signed playback only, like
   * every video this adapter serves (signedPlayback).
   */
  async createDirectUpload(options: DirectUploadOptions): Promise<NewDirectUpload> {
    const path = "?direct_user=true";
    const metadata = [`name ${base64Utf8(options.name)}`, `maxdurationseconds ${base64Utf8(String(MAX_UPLOAD_DURATION_S))}`, "requiresignedurls"].join(",");
    let res: Response;
    try {
      res = await this.fetcher(`${this.options.apiBase ?? CLOUDFLARE_API_DEFAULT}/accounts/${encodeURIComponent(this.options.accountId)}/stream${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${this.options.apiToken}`,
          "Tus-Resumable": "1.0.0",
          "Upload-Length": String(options.bytes),
          "Upload-Metadata": metadata,
        },
      });
    } catch (error) {
      throw new VideoProviderError(`Stream POST ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await res.text().catch(() => "");
    if (!res.ok) {
      const parsed = envelope(z.unknown()).safeParse(safeJson(text));
      const reason = parsed.success && parsed.data.errors.length ? parsed.data.errors.map((e) => e.message).join("; ") : text.slice(0, 200) || "no reason given";
      throw new VideoProviderError(`Stream POST ${path}: ${res.status} ${reason}`, res.status);
    }
    const location = res.headers.get("location");
    const uid = res.headers.get("stream-media-id");
    if (!location || !/^https:\/\//i.test(location) || !uid) throw new VideoProviderError(`Stream POST ${path}: ${res.status} without an upload URL and a media id`, res.status);
    // Stream's one-time URL expires on its own schedule; a resume that finds it gone asks for a new one (renew).
    return { uid, uploadUrl: location, sourceKey: null, chunkBytes: STREAM_TUS_CHUNK_BYTES, expiresAt: null };
  }

  async getUpload(uid: string): Promise<UploadState | null> {
    const video = await this.call("GET", `/${encodeURIComponent(uid)}`, videoSchema);
    return video ? videoState(video) : null;
  }

  /**
   * A token for the video or live input `uid`, valid until `expiresAt` (and for its MP4 when `downloadable`): signed
   * here with the signing key when there is one, else by Stream. A key that cannot sign (refused by WebCrypto) falls
   * back to Stream's endpoint, so playback goes on while the key is fixed.
   */
  private async token(uid: string, expiresAt: number, downloadable = false): Promise<{ token: string; origin: string }> {
    const code = this.options.customerCode;
    const origin = this.options.deliveryBase ?? (code ? streamOrigin(code) : null);
    if (!origin) throw new VideoProviderError("CLOUDFLARE_STREAM_CUSTOMER_CODE is not set: Stream URLs cannot be signed");
    const key = this.options.signingKey;
    if (key) {
      try {
        return { token: await signStreamToken(key, uid, expiresAt, downloadable), origin };
      } catch (error) {
        console.error(`Stream signing key ${key.id} cannot sign, asking Stream's token endpoint: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const signed = await this.call("POST", `/${encodeURIComponent(uid)}/token`, tokenSchema, { exp: Math.floor(expiresAt / 1000), ...(downloadable ? { downloadable: true } : {}) });
    if (!signed) throw new VideoProviderError(`Stream has no video ${uid}`, 404);
    return { token: signed.token, origin };
  }

  async signedPlayback(uid: string, expiresAt: number): Promise<SignedPlayback> {
    const { token, origin } = await this.token(uid, expiresAt);
    const base = `${origin}/${token}`;
    return {
      dash: `${base}/manifest/video.mpd`,
      hls: `${base}/manifest/video.m3u8`,
      lowLatencyHls: `${base}/manifest/video.m3u8?protocol=llhls`,
      token,
      poster: `${base}/thumbnails/thumbnail.jpg`,
      thumbnails: { ...STREAM_THUMBNAILS, url: `${base}/thumbnails/thumbnail.jpg?time={s}s&height=${STREAM_THUMBNAILS.height}` },
    };
  }

  /** Asks Stream for the video's MP4 (idempotent: a second ask answers the same file's state). */
  async prepareDownload(uid: string): Promise<DownloadState> {
    const result = await this.call("POST", `/${encodeURIComponent(uid)}/downloads`, downloadsSchema);
    if (!result) throw new VideoProviderError(`Stream has no video ${uid}`, 404);
    const status = result.default?.status;
    if (status === "ready") return { status: "ready", percent: 100 };
    if (status === "error") return { status: "failed", percent: 0 };
    return { status: "preparing", percent: Math.max(0, Math.min(99, Math.floor(result.default?.percentComplete ?? 0))) };
  }

  /** The MP4's signed URL, saved as `fileName` (Stream's `filename` parameter: letters, digits, `-` and `_`). */
  async signedDownload(uid: string, expiresAt: number, fileName: string): Promise<string> {
    const { token, origin } = await this.token(uid, expiresAt, true);
    const name = fileName.replace(/\.mp4$/i, "").replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 120);
    return `${origin}/${token}/downloads/default.mp4${name ? `?filename=${encodeURIComponent(name)}` : ""}`;
  }

  /**
   * Fetches the video's ready MP4 (a signed URL valid until `expiresAt`), for the Worker to copy: the response, whose
   * body is the file. Anything but a 200 is a VideoProviderError with Stream's status.
   */
  async fetchDownload(uid: string, expiresAt: number): Promise<Response> {
    const url = await this.signedDownload(uid, expiresAt, "");
    let res: Response;
    try {
      res = await this.fetcher(url, { method: "GET" });
    } catch (error) {
      throw new VideoProviderError(`Stream download of ${uid}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      throw new VideoProviderError(`Stream download of ${uid} answered ${res.status}`, res.status);
    }
    return res;
  }

  async createClip(uid: string, cut: { startS: number; endS: number; name: string }): Promise<{ uid: string }> {
    const body = {
      clippedFromVideoUID: uid,
      startTimeSeconds: Math.floor(cut.startS),
      endTimeSeconds: Math.ceil(cut.endS),
      requireSignedURLs: true,
      meta: { name: cut.name },
    };
    const clip = await this.call("POST", "/clip", videoSchema, body);
    if (!clip) throw new VideoProviderError(`Stream has no video ${uid}`, 404);
    return { uid: clip.uid };
  }

  async verifyWebhook(body: string, headers: Headers, now: number): Promise<VideoWebhookEvent | null> {
    const secret = this.options.webhookSecret;
    const header = headers.get("webhook-signature");
    if (!secret || !header) return null;
    const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
    const time = Number(parts.time);
    if (!Number.isInteger(time) || !/^[0-9a-f]{64}$/i.test(parts.sig1 ?? "")) return null;
    if (Math.abs(now / 1000 - time) > STREAM_WEBHOOK_TOLERANCE_S) return null;
    const expected = await hmacSha256(secret, `${time}.${body}`);
    if (!timingSafeEqual(expected, hexBytes(parts.sig1!))) return null;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return null;
    }
    const video = videoSchema.safeParse(json);
    if (!video.success) return null;
    const state = videoState(video.data);
    const liveInputUid = video.data.liveInput ?? null;
    if (state.status === "ready") return { kind: "video.ready", uid: video.data.uid, liveInputUid, durationS: state.durationS };
    if (state.status === "failed") return { kind: "video.failed", uid: video.data.uid, liveInputUid, error: state.error ?? "failed" };
    return { kind: "video.processing", uid: video.data.uid };
  }
}

function videoState(video: z.output<typeof videoSchema>): UploadState {
  const state = video.status?.state;
  if (state === "error") return { status: "failed", durationS: null, error: video.status?.errorReasonText || video.status?.errorReasonCode || "error" };
  if (video.readyToStream || state === "ready") return { status: "ready", durationS: video.duration && video.duration > 0 ? video.duration : null, error: null };
  return { status: "processing", durationS: null, error: null };
}

/** srt://host:port?streamid=…&passphrase=…: what an SRT encoder takes in one field. */
function srtUrl(url: string, streamId: string, passphrase: string): string {
  const u = new URL(url);
  u.searchParams.set("streamid", streamId);
  u.searchParams.set("passphrase", passphrase);
  return u.toString();
}

/** tus's Upload-Metadata values: base64 of the UTF-8 bytes. */
function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g)!.map((b) => parseInt(b, 16)));
}
