import { describe, expect, it } from "vitest";
import { contentTypeFor, etagMatches, mediaCacheControl, parseRange } from "@api/services/r2-range";

describe("parseRange", () => {
  it("reads the three single-range forms", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ offset: 0, length: 10 });
    expect(parseRange("bytes=90-", 100)).toEqual({ offset: 90, length: 10 });
    expect(parseRange("bytes=-5", 100)).toEqual({ offset: 95, length: 5 });
    expect(parseRange("bytes=-500", 100)).toEqual({ offset: 0, length: 100 });
    expect(parseRange("bytes=50-5000", 100)).toEqual({ offset: 50, length: 50 });
  });
  it("answers 416 for ranges past the end", () => {
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
  });
  it("ignores what it does not serve (multiple, malformed, reversed)", () => {
    for (const h of [null, "", "bytes=0-1,5-6", "items=0-1", "bytes=-", "bytes=9-1"]) expect(parseRange(h, 100)).toBeNull();
  });
});

describe("headers", () => {
  it("types media by extension", () => {
    expect(contentTypeFor("a/manifest.mpd")).toBe("application/dash+xml");
    expect(contentTypeFor("master.m3u8")).toBe("application/vnd.apple.mpegurl");
    expect(contentTypeFor("chunk-stream0-00001.m4s")).toBe("video/iso.segment");
    expect(contentTypeFor("poster.JPG")).toBe("image/jpeg");
    expect(contentTypeFor("x.bin")).toBe("application/octet-stream");
  });
  it("caches segments for a day and manifests briefly", () => {
    expect(mediaCacheControl("chunk-stream0-00001.m4s")).toBe("private, max-age=86400, immutable");
    expect(mediaCacheControl("manifest.mpd")).toBe("private, max-age=60");
  });
  it("matches If-None-Match lists, weak tags and *", () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches("*", '"b"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
    expect(etagMatches(null, '"b"')).toBe(false);
  });
});
