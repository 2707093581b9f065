// Which video provider a deployment uses (issue 16): Stream with an account id and token, the local stand-in
// otherwise; the local ingest's secret exists only outside production; upload files are checked by type and size.
import { describe, expect, it } from "vitest";
import { localIngestSecret, streamPlaybackOrigin, videoProvider, videoSettings } from "../../api/providers/video";
import { localIngestPort, localIngestUrl } from "../../api/providers/video/local";
import { checkVideoFile } from "../../api/services/video/uploads";
import type { Db } from "../../api/db/client";

const env = (vars: Record<string, string>) => ({ APP_ENV: "development", MEDIA: {}, ...vars }) as unknown as Env;
const db = {} as Db;

describe("provider choice", () => {
  it("is Stream when both its account id and token are set, local otherwise (blank values count as unset)", () => {
    expect(videoProvider(env({ CLOUDFLARE_STREAM_ACCOUNT_ID: "acc", CLOUDFLARE_STREAM_API_TOKEN: "tok" }), db).name).toBe("cloudflare");
    expect(videoProvider(env({ CLOUDFLARE_STREAM_ACCOUNT_ID: "acc" }), db).name).toBe("local");
    expect(videoProvider(env({ CLOUDFLARE_STREAM_ACCOUNT_ID: "acc", CLOUDFLARE_STREAM_API_TOKEN: " " }), db).name).toBe("local");
  });

  it("reads the local ingest's settings with their defaults, and refuses a bad port", () => {
    expect(videoSettings(env({}))).toMatchObject({ LOCAL_INGEST_HOST: "127.0.0.1", LOCAL_INGEST_RTMP_PORT: 1935 });
    expect(videoSettings(env({ LOCAL_INGEST_RTMP_PORT: "9900" })).LOCAL_INGEST_RTMP_PORT).toBe(9900);
    expect(() => videoSettings(env({ LOCAL_INGEST_RTMP_PORT: "80" }))).toThrow(/LOCAL_INGEST_RTMP_PORT/);
  });

  it("has an ingest secret outside production only", () => {
    expect(localIngestSecret(env({}))).toMatch(/^dev-only/);
    expect(localIngestSecret(env({ LOCAL_INGEST_SECRET: "s3cret" }))).toBe("s3cret");
    expect(localIngestSecret(env({ APP_ENV: "production", LOCAL_INGEST_SECRET: "s3cret" }))).toBeNull();
  });

  it("names one RTMP port per local input in its URL", () => {
    expect(localIngestUrl("127.0.0.1", 1936)).toBe("rtmp://127.0.0.1:1936/live");
    expect(localIngestPort("rtmp://127.0.0.1:1936/live")).toBe(1936);
    expect(localIngestPort("rtmps://live.cloudflare.com:443/live/")).toBeNull();
  });
});

describe("upload files", () => {
  const file = (name: string, type: string, size = 10) => {
    const f = new File([new Uint8Array(1)], name, { type });
    Object.defineProperty(f, "size", { value: size });
    return f;
  };
  it("takes the video containers we package, by type or (untyped) by extension, up to 100 MB", () => {
    expect(checkVideoFile(file("a.mp4", "video/mp4"))).toBeNull();
    expect(checkVideoFile(file("a.MKV", ""))).toBeNull();
    expect(checkVideoFile(file("a.mov", "video/quicktime", 100 * 1024 * 1024))).toBeNull();
    expect(checkVideoFile(file("a.mov", "video/quicktime", 100 * 1024 * 1024 + 1))).toBe("The video is larger than 100 MB.");
    expect(checkVideoFile(file("a.avi", "video/x-msvideo"))).toBe("Upload an MP4, MOV, WebM or MKV video.");
    expect(checkVideoFile(file("a.mp4", "video/mp4", 0))).toBe("Choose a video file to upload.");
    expect(checkVideoFile("a string")).toBe("Choose a video file to upload.");
  });
});

describe("Stream's playback host and API base", () => {
  it("is the customer's own host when Stream is on with a customer code, and nothing otherwise", () => {
    const on = { CLOUDFLARE_STREAM_ACCOUNT_ID: "acc", CLOUDFLARE_STREAM_API_TOKEN: "tok" };
    expect(streamPlaybackOrigin(env({ ...on, CLOUDFLARE_STREAM_CUSTOMER_CODE: "Abc42" }))).toBe("https://customer-abc42.cloudflarestream.com");
    expect(streamPlaybackOrigin(env(on))).toBeNull();
    expect(streamPlaybackOrigin(env({ CLOUDFLARE_STREAM_CUSTOMER_CODE: "abc42" }))).toBeNull();
    // The code becomes a host in a header: anything but one DNS label is a configuration error.
    expect(() => streamPlaybackOrigin(env({ ...on, CLOUDFLARE_STREAM_CUSTOMER_CODE: "abc; script-src *" }))).toThrow(/CLOUDFLARE_STREAM_CUSTOMER_CODE/);
  });

  it("reads CLOUDFLARE_API_BASE with Cloudflare's API as the default, without a trailing slash", () => {
    expect(videoSettings(env({})).CLOUDFLARE_API_BASE).toBe("https://api.cloudflare.com/client/v4");
    expect(videoSettings(env({ CLOUDFLARE_API_BASE: " " })).CLOUDFLARE_API_BASE).toBe("https://api.cloudflare.com/client/v4");
    expect(videoSettings(env({ CLOUDFLARE_API_BASE: "http://127.0.0.1:8931/client/v4/" })).CLOUDFLARE_API_BASE).toBe("http://127.0.0.1:8931/client/v4");
    expect(() => videoSettings(env({ CLOUDFLARE_API_BASE: "ftp://x" }))).toThrow(/CLOUDFLARE_API_BASE/);
  });

  it("reads CLOUDFLARE_STREAM_DELIVERY_BASE (the customer's host when empty), whose origin the page lets in", () => {
    const on = { CLOUDFLARE_STREAM_ACCOUNT_ID: "acc", CLOUDFLARE_STREAM_API_TOKEN: "tok", CLOUDFLARE_STREAM_CUSTOMER_CODE: "abc42" };
    expect(videoSettings(env({ ...on, CLOUDFLARE_STREAM_DELIVERY_BASE: "" })).CLOUDFLARE_STREAM_DELIVERY_BASE).toBeUndefined();
    expect(streamPlaybackOrigin(env({ ...on, CLOUDFLARE_STREAM_DELIVERY_BASE: " " }))).toBe("https://customer-abc42.cloudflarestream.com");
    const local = env({ ...on, CLOUDFLARE_STREAM_DELIVERY_BASE: "http://127.0.0.1:8931/delivery/" });
    expect(videoSettings(local).CLOUDFLARE_STREAM_DELIVERY_BASE).toBe("http://127.0.0.1:8931/delivery");
    expect(streamPlaybackOrigin(local)).toBe("http://127.0.0.1:8931");
    expect(() => videoSettings(env({ CLOUDFLARE_STREAM_DELIVERY_BASE: "javascript:alert(1)" }))).toThrow(/CLOUDFLARE_STREAM_DELIVERY_BASE/);
  });
});

describe("Stream's signing key", () => {
  const jwk = { kty: "RSA", n: "n1", e: "AQAB", d: "d1", p: "p1", q: "q1", dp: "dp1", dq: "dq1", qi: "qi1" };
  it("reads the jwk as Stream answers it (base64 of the JSON) or as JSON, with its id", () => {
    const asStream = videoSettings(env({ CLOUDFLARE_STREAM_SIGNING_KEY_ID: "k1", CLOUDFLARE_STREAM_SIGNING_JWK: btoa(JSON.stringify(jwk)) }));
    expect(asStream).toMatchObject({ CLOUDFLARE_STREAM_SIGNING_KEY_ID: "k1", CLOUDFLARE_STREAM_SIGNING_JWK: jwk });
    expect(videoSettings(env({ CLOUDFLARE_STREAM_SIGNING_KEY_ID: "k1", CLOUDFLARE_STREAM_SIGNING_JWK: ` ${JSON.stringify(jwk)} ` })).CLOUDFLARE_STREAM_SIGNING_JWK).toEqual(jwk);
    expect(videoSettings(env({ CLOUDFLARE_STREAM_SIGNING_KEY_ID: " ", CLOUDFLARE_STREAM_SIGNING_JWK: "" })).CLOUDFLARE_STREAM_SIGNING_JWK).toBeUndefined();
  });

  it("refuses a key pasted wrong, a public key, or one half of the pair, at start-up", () => {
    expect(() => videoSettings(env({ CLOUDFLARE_STREAM_SIGNING_KEY_ID: "k1", CLOUDFLARE_STREAM_SIGNING_JWK: "not base64 at all!" }))).toThrow(/CLOUDFLARE_STREAM_SIGNING_JWK: must be the jwk Stream answered/);
    const { d: _d, ...publicOnly } = jwk;
    expect(() => videoSettings(env({ CLOUDFLARE_STREAM_SIGNING_KEY_ID: "k1", CLOUDFLARE_STREAM_SIGNING_JWK: btoa(JSON.stringify(publicOnly)) }))).toThrow(/CLOUDFLARE_STREAM_SIGNING_JWK\.d/);
    expect(() => videoSettings(env({ CLOUDFLARE_STREAM_SIGNING_JWK: btoa(JSON.stringify(jwk)) }))).toThrow(/set both or neither/);
    expect(() => videoSettings(env({ CLOUDFLARE_STREAM_SIGNING_KEY_ID: "k1" }))).toThrow(/set both or neither/);
  });
});
