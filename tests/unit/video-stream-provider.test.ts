// The Cloudflare Stream adapter (issue 16) against a fake fetch answering Stream's documented shapes: live inputs
// with automatic recording, direct uploads, video state, signed playback tokens and webhook signatures.
import { describe, expect, it } from "vitest";
import { CloudflareStreamProvider, STREAM_API, type StreamSigningKey } from "../../api/providers/video/cloudflare-stream";
import { fromBase64Url } from "../../api/lib/crypto";
import { VideoProviderError } from "../../api/providers/video/types";

type Call = { url: string; method: string; body: unknown; auth: string | null };

function fakeStream(answers: Record<string, (call: Call) => { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body ?? null;
    const call = { url, method, body, auth: new Headers(init?.headers).get("authorization") };
    calls.push(call);
    const answer = answers[`${method} ${url.replace(STREAM_API, "")}`];
    if (!answer) return new Response(JSON.stringify({ success: false, errors: [{ code: 10000, message: "not found" }] }), { status: 404 });
    const { status = 200, body: json } = answer(call);
    return new Response(JSON.stringify(json), { status });
  }) as typeof fetch;
  return { calls, fetcher };
}

const ok = (result: unknown) => ({ body: { success: true, errors: [], messages: [], result } });
const ACCOUNT = "/accounts/acc123/stream";
const provider = (fetcher: typeof fetch, webhookSecret?: string) => new CloudflareStreamProvider({ accountId: "acc123", apiToken: "tok", customerCode: "abc42", webhookSecret, fetch: fetcher });

describe("live inputs", () => {
  it("creates one recording automatically, and answers the RTMPS URL, the key and an SRT URL", async () => {
    const { calls, fetcher } = fakeStream({
      [`POST ${ACCOUNT}/live_inputs`]: () =>
        ok({
          uid: "f256e6ea9341d51eea64c9454659e576",
          rtmps: { url: "rtmps://live.cloudflare.com:443/live/", streamKey: "MTQ0MTcjM3MjI1NDE3ODIyNTI1MjYyMjE4NTI2ODI1NDcxMzUyMzcf256" },
          srt: { url: "srt://live.cloudflare.com:778", streamId: "f256e6ea9341d51eea64c9454659e576", passphrase: "ac7b4bc3a8b6e5f5d0d2" },
          recording: { mode: "automatic" },
          status: null,
        }),
    });
    const input = await provider(fetcher).createLiveInput({ name: "alpha event 7", reconnectGraceS: 300 });
    expect(calls[0]).toMatchObject({ method: "POST", auth: "Bearer tok", body: { meta: { name: "alpha event 7" }, preferLowLatency: true, recording: { mode: "automatic", requireSignedURLs: true, timeoutSeconds: 300 } } });
    expect(input).toEqual({
      uid: "f256e6ea9341d51eea64c9454659e576",
      ingestUrl: "rtmps://live.cloudflare.com:443/live/",
      streamKey: "MTQ0MTcjM3MjI1NDE3ODIyNTI1MjYyMjE4NTI2ODI1NDcxMzUyMzcf256",
      srtUrl: "srt://live.cloudflare.com:778?streamid=f256e6ea9341d51eea64c9454659e576&passphrase=ac7b4bc3a8b6e5f5d0d2",
    });
  });

  it("reads the connection state, and deletes", async () => {
    const { calls, fetcher } = fakeStream({
      [`GET ${ACCOUNT}/live_inputs/in1`]: () => ok({ uid: "in1", rtmps: { url: "rtmps://x/live/", streamKey: "k" }, status: { current: { state: "connected" } } }),
      [`GET ${ACCOUNT}/live_inputs/in2`]: () => ok({ uid: "in2", rtmps: { url: "rtmps://x/live/", streamKey: "k" }, status: "client_disconnect" }),
      [`DELETE ${ACCOUNT}/live_inputs/in1`]: () => ({ body: { success: true, errors: [], result: null } }),
    });
    const p = provider(fetcher);
    expect(await p.getLiveInput("in1")).toEqual({ connected: true });
    expect(await p.getLiveInput("in2")).toEqual({ connected: false });
    expect(await p.getLiveInput("gone")).toBeNull();
    await p.deleteLiveInput("in1");
    expect(calls.at(-1)).toMatchObject({ method: "DELETE" });
  });

  it("turns Stream's errors and unexpected answers into provider errors", async () => {
    const { fetcher } = fakeStream({
      [`POST ${ACCOUNT}/live_inputs`]: () => ({ status: 403, body: { success: false, errors: [{ code: 10000, message: "Authentication error" }] } }),
    });
    await expect(provider(fetcher).createLiveInput({ name: "x", reconnectGraceS: 300 })).rejects.toThrow(VideoProviderError);
    await expect(provider(fetcher).createLiveInput({ name: "x", reconnectGraceS: 300 })).rejects.toThrow(/403 Authentication error/);
    const broken = (async () => new Response("<html>", { status: 502 })) as unknown as typeof fetch;
    await expect(provider(broken).createLiveInput({ name: "x", reconnectGraceS: 300 })).rejects.toThrow(VideoProviderError);
  });
});

describe("uploads and playback", () => {
  it("asks for a direct upload URL and posts the file to it", async () => {
    const { calls, fetcher } = fakeStream({
      [`POST ${ACCOUNT}/direct_upload`]: () => ok({ uploadURL: "https://upload.videodelivery.net/f65014bc6ff5419ea86e7972a047ba22", uid: "f65014bc6ff5419ea86e7972a047ba22" }),
      ["POST https://upload.videodelivery.net/f65014bc6ff5419ea86e7972a047ba22"]: () => ({ body: {} }),
    });
    const upload = await provider(fetcher).createUpload(new File([new Uint8Array(10)], "final.mp4", { type: "video/mp4" }), { name: "Final" });
    expect(upload).toEqual({ uid: "f65014bc6ff5419ea86e7972a047ba22", sourceKey: null, status: "processing" });
    expect(calls[0].body).toMatchObject({ meta: { name: "Final" }, maxDurationSeconds: expect.any(Number), requireSignedURLs: true });
    expect(calls[1].body).toBeInstanceOf(FormData);
    expect((calls[1].body as FormData).get("file")).toBeInstanceOf(File);
  });

  it("reads a video's state: processing, ready with its duration, or the error", async () => {
    const { fetcher } = fakeStream({
      [`GET ${ACCOUNT}/v1`]: () => ok({ uid: "v1", readyToStream: false, status: { state: "inprogress", pctComplete: "40" } }),
      [`GET ${ACCOUNT}/v2`]: () => ok({ uid: "v2", readyToStream: true, status: { state: "ready" }, duration: 61.2 }),
      [`GET ${ACCOUNT}/v3`]: () => ok({ uid: "v3", readyToStream: false, status: { state: "error", errorReasonCode: "ERR_NON_VIDEO", errorReasonText: "The file was not recognized as a valid video file." } }),
    });
    const p = provider(fetcher);
    expect(await p.getUpload("v1")).toEqual({ status: "processing", durationS: null, error: null });
    expect(await p.getUpload("v2")).toEqual({ status: "ready", durationS: 61.2, error: null });
    expect(await p.getUpload("v3")).toEqual({ status: "failed", durationS: null, error: "The file was not recognized as a valid video file." });
  });

  it("signs playback with a token that expires, on the customer subdomain", async () => {
    const { calls, fetcher } = fakeStream({ [`POST ${ACCOUNT}/v2/token`]: () => ok({ token: "eyJhbGciOi.sig" }) });
    const urls = await provider(fetcher).signedPlayback("v2", Date.UTC(2026, 0, 1));
    expect(calls[0].body).toEqual({ exp: Date.UTC(2026, 0, 1) / 1000 });
    expect(urls).toEqual({
      dash: "https://customer-abc42.cloudflarestream.com/eyJhbGciOi.sig/manifest/video.mpd",
      hls: "https://customer-abc42.cloudflarestream.com/eyJhbGciOi.sig/manifest/video.m3u8",
      lowLatencyHls: "https://customer-abc42.cloudflarestream.com/eyJhbGciOi.sig/manifest/video.m3u8?protocol=llhls",
      token: "eyJhbGciOi.sig",
      poster: "https://customer-abc42.cloudflarestream.com/eyJhbGciOi.sig/thumbnails/thumbnail.jpg",
      thumbnails: { interval_s: 10, width: 320, height: 180, url: "https://customer-abc42.cloudflarestream.com/eyJhbGciOi.sig/thumbnails/thumbnail.jpg?time={s}s&height=180" },
    });
  });

  it("signs nothing without a customer code, and refuses a token that is not one path segment", async () => {
    const { calls, fetcher } = fakeStream({ [`POST ${ACCOUNT}/v2/token`]: () => ok({ token: "a/b?c" }) });
    const noCode = new CloudflareStreamProvider({ accountId: "acc123", apiToken: "tok", customerCode: null, fetch: fetcher });
    await expect(noCode.signedPlayback("v2", Date.UTC(2026, 0, 1))).rejects.toThrow(/CLOUDFLARE_STREAM_CUSTOMER_CODE/);
    expect(calls).toEqual([]);
    await expect(provider(fetcher).signedPlayback("v2", Date.UTC(2026, 0, 1))).rejects.toBeInstanceOf(VideoProviderError);
  });

  it("calls the API base it is given (CLOUDFLARE_API_BASE)", async () => {
    const urls: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ success: true, errors: [], result: { token: "t1" } }));
    }) as typeof fetch;
    const p = new CloudflareStreamProvider({ accountId: "acc123", apiToken: "tok", customerCode: "abc42", apiBase: "http://127.0.0.1:9999/client/v4", fetch: fetcher });
    await p.signedPlayback("v2", Date.UTC(2026, 0, 1));
    expect(urls).toEqual(["http://127.0.0.1:9999/client/v4/accounts/acc123/stream/v2/token"]);
  });
});

describe("tokens signed with the account's signing key", () => {
  const RS256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;
  /** A key as POST /stream/keys makes one: an RSA pair, the private half handed over as a JWK. */
  async function streamKey(): Promise<{ key: StreamSigningKey; publicKey: CryptoKey }> {
    const pair = await crypto.subtle.generateKey({ ...RS256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, ["sign", "verify"]);
    return { key: { id: "8f926b2b01f383510025a78a4dcbf6a", jwk: await crypto.subtle.exportKey("jwk", pair.privateKey) }, publicKey: pair.publicKey };
  }
  const decode = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64Url(part)!)) as Record<string, unknown>;
  /** The JWT's header and claims, once its RS256 signature checks out with the public key. */
  async function verified(token: string, publicKey: CryptoKey) {
    const [header, claims, signature] = token.split(".");
    expect(await crypto.subtle.verify(RS256, publicKey, fromBase64Url(signature!)!, new TextEncoder().encode(`${header}.${claims}`))).toBe(true);
    return { header: decode(header!), claims: decode(claims!) };
  }

  it("signs playback and download URLs as Stream would, without calling Stream", async () => {
    const { key, publicKey } = await streamKey();
    const { calls, fetcher } = fakeStream({});
    const p = new CloudflareStreamProvider({ accountId: "acc123", apiToken: "tok", customerCode: "abc42", signingKey: key, fetch: fetcher });
    const urls = await p.signedPlayback("v2", Date.UTC(2026, 0, 1, 0, 10));
    expect(await verified(urls.token, publicKey)).toEqual({ header: { alg: "RS256", kid: key.id }, claims: { sub: "v2", kid: key.id, exp: Date.UTC(2026, 0, 1, 0, 10) / 1000 } });
    expect(urls.dash).toBe(`https://customer-abc42.cloudflarestream.com/${urls.token}/manifest/video.mpd`);
    expect(urls.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const mp4 = await p.signedDownload("v2", Date.UTC(2026, 0, 1, 1), "Final 2026.mp4");
    const token = /cloudflarestream\.com\/([^/]+)\/downloads\/default\.mp4\?filename=Final-2026$/.exec(mp4)?.[1];
    expect((await verified(token!, publicKey)).claims).toEqual({ sub: "v2", kid: key.id, exp: Date.UTC(2026, 0, 1, 1) / 1000, downloadable: true });
    expect(calls).toEqual([]);
  });

  it("falls back to Stream's token endpoint when the key cannot sign", async () => {
    const { key } = await streamKey();
    const { calls, fetcher } = fakeStream({ [`POST ${ACCOUNT}/v2/token`]: () => ok({ token: "from.stream" }) });
    const broken = { id: key.id, jwk: { ...key.jwk, n: "AQAB" } };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const p = new CloudflareStreamProvider({ accountId: "acc123", apiToken: "tok", customerCode: "abc42", signingKey: broken, fetch: fetcher });
      expect((await p.signedPlayback("v2", Date.UTC(2026, 0, 1))).token).toBe("from.stream");
    } finally {
      console.error = original;
    }
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${STREAM_API}${ACCOUNT}/v2/token`]);
    expect(errors).toHaveLength(1);
  });
});

describe("MP4 downloads", () => {
  // POST /accounts/{a}/stream/{uid}/downloads answers the default download's state (Stream's documented shape).
  const downloads = (status: string, percentComplete: number) => () =>
    ok({ default: { status, url: `https://customer-abc42.cloudflarestream.com/v9/downloads/default.mp4`, percentComplete } });

  it("asks Stream for the MP4 and reads whether it is ready", async () => {
    const { calls, fetcher } = fakeStream({
      [`POST ${ACCOUNT}/v1/downloads`]: downloads("inprogress", 75.5),
      [`POST ${ACCOUNT}/v2/downloads`]: downloads("ready", 100),
      [`POST ${ACCOUNT}/v3/downloads`]: downloads("error", 0),
    });
    const p = provider(fetcher);
    expect(await p.prepareDownload("v1")).toEqual({ status: "preparing", percent: 75 });
    expect(await p.prepareDownload("v2")).toEqual({ status: "ready", percent: 100 });
    expect(await p.prepareDownload("v3")).toEqual({ status: "failed", percent: 0 });
    expect(calls.map((c) => [c.method, c.auth])).toEqual([["POST", "Bearer tok"], ["POST", "Bearer tok"], ["POST", "Bearer tok"]]);
    await expect(p.prepareDownload("gone")).rejects.toMatchObject({ status: 404 });
  });

  it("signs the MP4's URL with a downloadable token, under the event's file name", async () => {
    const { calls, fetcher } = fakeStream({ [`POST ${ACCOUNT}/v2/token`]: () => ok({ token: "dl.tok" }) });
    const url = await provider(fetcher).signedDownload("v2", Date.UTC(2026, 0, 1), "final-game.mp4");
    expect(calls[0].body).toEqual({ exp: Date.UTC(2026, 0, 1) / 1000, downloadable: true });
    expect(url).toBe("https://customer-abc42.cloudflarestream.com/dl.tok/downloads/default.mp4?filename=final-game");
  });
});

describe("clips", () => {
  it("cuts a new video from a Stream video with the clip API, signed-only, on whole seconds", async () => {
    const { calls, fetcher } = fakeStream({
      [`POST ${ACCOUNT}/clip`]: () => ok({ uid: "c0a1b2", clippedFrom: "rec1", readyToStream: false, status: { state: "queued" }, meta: { name: "Goal" } }),
    });
    expect(await provider(fetcher).createClip("rec1", { startS: 12.4, endS: 30.2, name: "Goal" })).toEqual({ uid: "c0a1b2" });
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: `${STREAM_API}${ACCOUNT}/clip`,
      body: { clippedFromVideoUID: "rec1", startTimeSeconds: 12, endTimeSeconds: 31, requireSignedURLs: true, meta: { name: "Goal" } },
    });
  });

  it("fails clearly when the source is gone", async () => {
    const { fetcher } = fakeStream({});
    await expect(provider(fetcher).createClip("gone", { startS: 0, endS: 5, name: "x" })).rejects.toMatchObject({ status: 404 });
  });

  it("fetches a ready MP4 through a downloadable token, from the delivery base when one is set", async () => {
    const mp4 = new Uint8Array([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70]);
    const calls: string[] = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? "GET"} ${url}`);
      if (url.endsWith("/c1/token")) return new Response(JSON.stringify(ok({ token: "dl.c1" }).body));
      if (url === "http://127.0.0.1:9/delivery/dl.c1/downloads/default.mp4") return new Response(mp4, { headers: { "content-length": "8" } });
      return new Response("no", { status: 404 });
    }) as typeof fetch;
    const p = new CloudflareStreamProvider({ accountId: "acc123", apiToken: "tok", customerCode: "abc42", deliveryBase: "http://127.0.0.1:9/delivery", fetch: fetcher });
    const res = await p.fetchDownload("c1", Date.UTC(2026, 0, 1));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(mp4);
    expect(calls).toEqual([`POST ${STREAM_API}${ACCOUNT}/c1/token`, "GET http://127.0.0.1:9/delivery/dl.c1/downloads/default.mp4"]);
    // Without a delivery base, the customer's host; a file Stream does not serve is an error with its status.
    const { fetcher: none } = fakeStream({ [`POST ${ACCOUNT}/c2/token`]: () => ok({ token: "dl.c2" }) });
    await expect(provider(none).fetchDownload("c2", Date.UTC(2026, 0, 1))).rejects.toMatchObject({ name: "VideoProviderError", status: 404 });
  });
});

describe("webhooks", () => {
  const SECRET = "85011ed3a913c6ad5f9cf6c5573cc0a7";
  const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
  const body = JSON.stringify({ uid: "6b9e68b07dfee8cc2d116e4c51d6a957", readyToStream: true, status: { state: "ready" }, duration: 20, liveInput: "in1" });

  async function sign(text: string, time: number, secret = SECRET) {
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${time}.${text}`)));
    return `time=${time},sig1=${[...sig].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  }
  const headers = (signature: string) => new Headers({ "webhook-signature": signature });
  const p = provider(fakeStream({}).fetcher, SECRET);

  it("accepts Stream's signature and reads the video's state", async () => {
    const event = await p.verifyWebhook(body, headers(await sign(body, NOW / 1000)), NOW);
    expect(event).toEqual({ kind: "video.ready", uid: "6b9e68b07dfee8cc2d116e4c51d6a957", liveInputUid: "in1", durationS: 20 });
  });

  it("refuses a missing, wrong, tampered or stale signature, and any without a secret configured", async () => {
    expect(await p.verifyWebhook(body, new Headers(), NOW)).toBeNull();
    expect(await p.verifyWebhook(body, headers(await sign(body, NOW / 1000, "other")), NOW)).toBeNull();
    expect(await p.verifyWebhook(body.replace("20", "21"), headers(await sign(body, NOW / 1000)), NOW)).toBeNull();
    expect(await p.verifyWebhook(body, headers(await sign(body, NOW / 1000 - 301)), NOW)).toBeNull();
    expect(await provider(fakeStream({}).fetcher).verifyWebhook(body, headers(await sign(body, NOW / 1000)), NOW)).toBeNull();
  });
});
