// Direct uploads (docs/decisions/025): Stream's tus creation (POST ?direct_user=true) against a fake fetch, the
// local tus endpoint's offset rule, and the file rules shared by the form and the direct upload.
import { describe, expect, it } from "vitest";
import { CONSOLE_MESSAGES } from "../../api/contract/console-messages";
import { VIDEO_DIRECT_MAX_BYTES, VIDEO_MAX_BYTES, STREAM_TUS_CHUNK_BYTES, videoFileProblem } from "../../api/contract/video";
import { CloudflareStreamProvider, STREAM_API } from "../../api/providers/video/cloudflare-stream";
import { checkTusPatch, tusOffset } from "../../api/providers/video/local-tus";
import { VideoProviderError } from "../../api/providers/video/types";

type Seen = { url: string; method: string; headers: Headers; body: unknown };

function fakeStream(answer: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), method: init?.method ?? "GET", headers: new Headers(init?.headers), body: init?.body ?? null };
    seen.push(call);
    return answer(call);
  }) as typeof fetch;
  return { seen, provider: new CloudflareStreamProvider({ accountId: "acc123", apiToken: "tok", customerCode: "abc42", fetch: fetcher }) };
}
const decode = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
const request = { name: "Finale – Coupe", fileName: "finale.mp4", bytes: 3_221_225_472, origin: "https://alpha.example", now: Date.UTC(2026, 10, 26) };

describe("Stream's tus direct creator upload", () => {
  it("sends the tus headers and reads the upload URL and the media id from Stream's answer", async () => {
    const { seen, provider } = fakeStream(
      () => new Response(null, { status: 201, headers: { Location: "https://upload.videodelivery.net/tus/90c68cb5cd4fd5350b1962279c90bec0?tusv2=true", "stream-media-id": "90c68cb5cd4fd5350b1962279c90bec0" } }),
    );
    const made = await provider.createDirectUpload(request);
    expect(made).toEqual({ uid: "90c68cb5cd4fd5350b1962279c90bec0", uploadUrl: "https://upload.videodelivery.net/tus/90c68cb5cd4fd5350b1962279c90bec0?tusv2=true", sourceKey: null, chunkBytes: STREAM_TUS_CHUNK_BYTES, expiresAt: null });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call).toMatchObject({ url: `${STREAM_API}/accounts/acc123/stream?direct_user=true`, method: "POST", body: null });
    expect(call!.headers.get("authorization")).toBe("Bearer tok");
    expect(call!.headers.get("tus-resumable")).toBe("1.0.0");
    expect(call!.headers.get("upload-length")).toBe("3221225472");
    const metadata = Object.fromEntries(call!.headers.get("upload-metadata")!.split(",").map((pair) => pair.split(" ") as [string, string?]));
    expect(Object.keys(metadata)).toEqual(["name", "maxdurationseconds", "requiresignedurls"]);
    expect(decode(metadata.name!)).toBe("Finale – Coupe");
    expect(decode(metadata.maxdurationseconds!)).toBe("14400");
    expect(metadata.requiresignedurls).toBeUndefined();
    // Stream's chunks: at least 5 MiB and a multiple of 256 KiB.
    expect(STREAM_TUS_CHUNK_BYTES % (256 * 1024)).toBe(0);
  });

  it("turns a refusal, a network failure or an answer without the upload URL or media id into provider errors", async () => {
    const refused = fakeStream(() => new Response(JSON.stringify({ success: false, errors: [{ code: 10011, message: "Insufficient storage" }] }), { status: 400 }));
    await expect(refused.provider.createDirectUpload(request)).rejects.toThrow(new VideoProviderError("Stream POST ?direct_user=true: 400 Insufficient storage", 400));
    const down = fakeStream(() => Promise.reject(new TypeError("fetch failed")));
    await expect(down.provider.createDirectUpload(request)).rejects.toBeInstanceOf(VideoProviderError);
    const noLocation = fakeStream(() => new Response(null, { status: 201, headers: { "stream-media-id": "abc" } }));
    await expect(noLocation.provider.createDirectUpload(request)).rejects.toThrow(/without an upload URL/);
    const noId = fakeStream(() => new Response(null, { status: 201, headers: { Location: "https://upload.videodelivery.net/tus/abc" } }));
    await expect(noId.provider.createDirectUpload(request)).rejects.toBeInstanceOf(VideoProviderError);
    const plain = fakeStream(() => new Response("Bad Gateway", { status: 502 }));
    await expect(plain.provider.createDirectUpload(request)).rejects.toMatchObject({ status: 502, message: "Stream POST ?direct_user=true: 502 Bad Gateway" });
  });
});

describe("the local tus endpoint's offsets", () => {
  const state = (parts: number, length = 12, chunk = 5) => ({ length, chunk, parts: Array.from({ length: parts }, (_, i) => ({ partNumber: i + 1, etag: `e${i}` })) });

  it("is at a chunk boundary, or at the end once the last part is in", () => {
    expect(tusOffset(state(0))).toBe(0);
    expect(tusOffset(state(2))).toBe(10);
    expect(tusOffset(state(3))).toBe(12);
  });

  it("takes a whole chunk at the current offset, then the rest of the file as the last part", () => {
    expect(checkTusPatch(state(0), "0", 5)).toEqual({ ok: true, partNumber: 1, offset: 5, done: false });
    expect(checkTusPatch(state(1), "5", 5)).toEqual({ ok: true, partNumber: 2, offset: 10, done: false });
    expect(checkTusPatch(state(2), "10", 2)).toEqual({ ok: true, partNumber: 3, offset: 12, done: true });
    expect(checkTusPatch(state(0, 5), "0", 5)).toEqual({ ok: true, partNumber: 1, offset: 5, done: true });
  });

  it("answers 409 at another offset or once complete, and 400 for a missing offset or a chunk cut short or too long", () => {
    expect(checkTusPatch(state(1), "0", 5)).toMatchObject({ ok: false, status: 409 });
    expect(checkTusPatch(state(1), "7", 5)).toMatchObject({ ok: false, status: 409, message: "The upload is at offset 5." });
    expect(checkTusPatch(state(3), "12", 0)).toMatchObject({ ok: false, status: 409 });
    expect(checkTusPatch(state(0), null, 5)).toMatchObject({ ok: false, status: 400 });
    expect(checkTusPatch(state(0), "-1", 5)).toMatchObject({ ok: false, status: 400 });
    expect(checkTusPatch(state(1), "5", 3)).toMatchObject({ ok: false, status: 400, message: "Send 5 bytes from offset 5." });
    expect(checkTusPatch(state(2), "10", 3)).toMatchObject({ ok: false, status: 400 });
  });
});

describe("the file rules", () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });
  it("are the form's, with the direct upload's larger limit", () => {
    expect(videoFileProblem(file("a.mp4", "video/mp4", VIDEO_MAX_BYTES), VIDEO_MAX_BYTES)).toBeNull();
    expect(videoFileProblem(file("a.mp4", "video/mp4", VIDEO_MAX_BYTES + 1), VIDEO_MAX_BYTES)).toBe(CONSOLE_MESSAGES.videoTooLarge);
    expect(videoFileProblem(file("a.mkv", "", 20 * 1024 ** 3), VIDEO_DIRECT_MAX_BYTES)).toBeNull();
    expect(videoFileProblem(file("a.mov", "video/quicktime", VIDEO_DIRECT_MAX_BYTES + 1), VIDEO_DIRECT_MAX_BYTES)).toBe("The video is larger than 30 GB.");
    expect(videoFileProblem(file("a.txt", "text/plain", 10), VIDEO_DIRECT_MAX_BYTES)).toBe(CONSOLE_MESSAGES.videoType);
    expect(videoFileProblem(file("a.txt", "application/octet-stream", 10), VIDEO_DIRECT_MAX_BYTES)).toBe(CONSOLE_MESSAGES.videoType);
    expect(videoFileProblem(file("a.mp4", "video/mp4", 0), VIDEO_DIRECT_MAX_BYTES)).toBe("Choose a video file to upload.");
  });
});
