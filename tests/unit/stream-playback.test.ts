// Media Cloudflare Stream holds (ADR 022): which source serves an event or a library video, where a renewed token
// goes in Stream's signed URLs, the download verdict of a Stream recording, and the page's CSP for Stream's host.
import { describe, expect, it } from "vitest";
import { eventSourceRule, vodSourceRule, type InputRef } from "../../api/services/video/media-source";
import { hostedDownloadVerdict } from "../../api/services/downloads";
import { withToken } from "~/features/player/useShakaPlayer";
import { contentSecurityPolicy } from "~/server/security.server";

const input = (over: Partial<InputRef> = {}): InputRef => ({ provider: "cloudflare", uid: "in1", status: "idle", startedAt: null, recordingUid: null, ...over });

describe("an event's media source", () => {
  it("is our R2 asset with Stream off, with no input, or with a local input", () => {
    expect(eventSourceRule("demo", input(), false)).toEqual({ kind: "r2", asset: "demo" });
    expect(eventSourceRule("demo", undefined, true)).toEqual({ kind: "r2", asset: "demo" });
    expect(eventSourceRule("live-abc", input({ provider: "local", status: "connected" }), true)).toEqual({ kind: "r2", asset: "live-abc" });
    expect(eventSourceRule(null, undefined, true)).toBeNull();
    expect(eventSourceRule("../etc", undefined, false)).toBeNull();
  });

  it("is the Stream input until its stream ends, then the recording; an ended input without one leaves the asset", () => {
    expect(eventSourceRule("demo", input({ status: "idle" }), true)).toEqual({ kind: "stream", uid: "in1", live: true });
    expect(eventSourceRule(null, input({ status: "connected" }), true)).toEqual({ kind: "stream", uid: "in1", live: true });
    expect(eventSourceRule("demo", input({ status: "ended", recordingUid: "rec9" }), true)).toEqual({ kind: "stream", uid: "rec9", live: false });
    expect(eventSourceRule("demo", input({ status: "ended" }), true)).toEqual({ kind: "r2", asset: "demo" });
  });

  it("with Stream's live notifications, plays the event's own asset until an encoder first connects, and Stream from then on", () => {
    expect(eventSourceRule("demo", input({ status: "idle" }), true, true)).toEqual({ kind: "r2", asset: "demo" });
    expect(eventSourceRule("demo", input({ status: "connected", startedAt: 1 }), true, true)).toEqual({ kind: "stream", uid: "in1", live: true });
    // Disconnected, waiting for the encoder to come back or for the recording: still Stream's stream.
    expect(eventSourceRule("demo", input({ status: "idle", startedAt: 1 }), true, true)).toEqual({ kind: "stream", uid: "in1", live: true });
    expect(eventSourceRule("demo", input({ status: "ended", startedAt: 1, recordingUid: "rec9" }), true, true)).toEqual({ kind: "stream", uid: "rec9", live: false });
    expect(eventSourceRule("demo", input({ status: "ended", startedAt: 1 }), true, true)).toEqual({ kind: "r2", asset: "demo" });
  });
});

describe("a library video's media source", () => {
  it("is Stream's video for a ready Stream upload, the asset otherwise", () => {
    const upload = { provider: "cloudflare" as const, uid: "v7", status: "ready" as const };
    expect(vodSourceRule("upload-1", upload, true)).toEqual({ kind: "stream", uid: "v7", live: false });
    expect(vodSourceRule("upload-1", upload, false)).toEqual({ kind: "r2", asset: "upload-1" });
    expect(vodSourceRule("upload-1", { ...upload, status: "processing" }, true)).toEqual({ kind: "r2", asset: "upload-1" });
    expect(vodSourceRule("upload-1", { ...upload, provider: "local" }, true)).toEqual({ kind: "r2", asset: "upload-1" });
  });
});

describe("a renewed token", () => {
  const base = "https://app.example/watch/1";
  it("replaces ?token= on our own media, and leaves URLs without one", () => {
    expect(withToken("https://app.example/api/media/event/1/manifest.mpd?token=old", "new", "query", undefined, base)).toBe("https://app.example/api/media/event/1/manifest.mpd?token=new");
    expect(withToken("https://cdn.example/x.mp4", "new", "query", undefined, base)).toBe("https://cdn.example/x.mp4");
  });

  it("replaces the first path segment on Stream's host (the manifest's), and nowhere else", () => {
    const manifest = "https://customer-abc42.cloudflarestream.com/old.tok/manifest/video.mpd";
    expect(withToken("https://customer-abc42.cloudflarestream.com/old.tok/manifest/stream_t1.mpd?x=1", "new.tok", "path", manifest, base)).toBe(
      "https://customer-abc42.cloudflarestream.com/new.tok/manifest/stream_t1.mpd?x=1",
    );
    expect(withToken(manifest, "new.tok", "path", manifest, base)).toBe("https://customer-abc42.cloudflarestream.com/new.tok/manifest/video.mpd");
    expect(withToken("https://other.example/old.tok/seg.m4s", "new.tok", "path", manifest, base)).toBe("https://other.example/old.tok/seg.m4s");
    expect(withToken("https://customer-abc42.cloudflarestream.com/", "new.tok", "path", manifest, base)).toBe("https://customer-abc42.cloudflarestream.com/");
  });
});

describe("the download verdict of a Stream recording", () => {
  it("covers the whole event (Stream's MP4 is the recording), and is null without the capability", () => {
    const allowance = { remaining: 2, chargeTo: 1, chargeLimit: 3 } as unknown as Parameters<typeof hostedDownloadVerdict>[0];
    expect(hostedDownloadVerdict(allowance, 5 * 3_600_000)).toEqual({ remaining: 2, covers_s: 18_000, duration_s: 18_000 });
    expect(hostedDownloadVerdict(null, 60_000)).toBeNull();
  });
});

describe("the page's CSP with Stream", () => {
  const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
  const origin = "https://customer-abc42.cloudflarestream.com";

  it("lets media, connect and img reach exactly the customer's Stream host", () => {
    const csp = contentSecurityPolicy({ nonce: "n", config: { APP_ENV: "production" as const }, mediaOrigin: origin });
    for (const name of ["media-src", "connect-src", "img-src"]) expect(directive(csp, name).split(" ")).toContain(origin);
    expect(csp).not.toContain("*.cloudflarestream.com");
    expect(directive(csp, "script-src")).not.toContain(origin);
    expect(directive(csp, "frame-src")).not.toContain(origin);
  });

  it("names no Stream host without Stream, and never one that could inject a directive", () => {
    expect(contentSecurityPolicy({ nonce: "n", config: { APP_ENV: "production" as const } })).not.toContain("cloudflarestream");
    const bad = contentSecurityPolicy({ nonce: "n", config: { APP_ENV: "production" as const }, mediaOrigin: "https://x.example; script-src *" });
    expect(bad).not.toContain("x.example");
    expect(contentSecurityPolicy({ nonce: "n", config: { APP_ENV: "production" as const }, mediaOrigin: "https://*.cloudflarestream.com" })).not.toContain("cloudflarestream");
  });
});
