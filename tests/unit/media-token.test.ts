import { describe, expect, it } from "vitest";
import { MEDIA_TOKEN_MAX_TTL_MS, MediaTokenExpiryError, mintMediaToken, verifyMediaToken } from "@api/services/media-token";

const SECRET = "unit-test-secret";
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const payload = { c: 1, s: "u:42", p: "event/7", e: NOW + 5 * 60_000 };
const expected = { channelId: 1, prefix: "event/7", now: NOW };

const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);

describe("media tokens", () => {
  it("round-trips: a minted token verifies for its channel and prefix", async () => {
    const token = await mintMediaToken(SECRET, payload, NOW);
    expect(await verifyMediaToken(SECRET, token, expected)).toEqual({ ok: true, payload });
  });

  it("refuses a tampered payload, even one re-encoded to look valid", async () => {
    const token = await mintMediaToken(SECRET, payload, NOW);
    const [, sig] = token.split(".");
    const forged = btoa(JSON.stringify({ ...payload, p: "event/8" })).replaceAll("=", "");
    expect(await verifyMediaToken(SECRET, `${forged}.${sig}`, { ...expected, prefix: "event/8" })).toEqual({ ok: false, reason: "signature" });
    expect(await verifyMediaToken(SECRET, flip(token, 3), expected)).toMatchObject({ ok: false });
  });

  it("refuses a tampered signature, another secret, and junk", async () => {
    const token = await mintMediaToken(SECRET, payload, NOW);
    expect(await verifyMediaToken(SECRET, flip(token, token.length - 2), expected)).toEqual({ ok: false, reason: "signature" });
    expect(await verifyMediaToken("other-secret", token, expected)).toEqual({ ok: false, reason: "signature" });
    for (const junk of [null, "", "abc", "a.b.c", `${token}.x`, "!!.??"]) {
      expect(await verifyMediaToken(SECRET, junk, expected)).toMatchObject({ ok: false });
    }
  });

  it("refuses an expired token (at and after its expiry)", async () => {
    const token = await mintMediaToken(SECRET, payload, NOW);
    expect(await verifyMediaToken(SECRET, token, { ...expected, now: payload.e - 1 })).toMatchObject({ ok: true });
    expect(await verifyMediaToken(SECRET, token, { ...expected, now: payload.e })).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another asset and another channel", async () => {
    const token = await mintMediaToken(SECRET, payload, NOW);
    expect(await verifyMediaToken(SECRET, token, { ...expected, prefix: "event/70" })).toEqual({ ok: false, reason: "prefix" });
    expect(await verifyMediaToken(SECRET, token, { ...expected, prefix: "demo" })).toEqual({ ok: false, reason: "prefix" });
    expect(await verifyMediaToken(SECRET, token, { ...expected, channelId: 2 })).toEqual({ ok: false, reason: "channel" });
  });

  it("refuses to mint a token that lives longer than the bound, or is already expired", async () => {
    await expect(mintMediaToken(SECRET, { ...payload, e: NOW + MEDIA_TOKEN_MAX_TTL_MS + 1 }, NOW)).rejects.toBeInstanceOf(MediaTokenExpiryError);
    await expect(mintMediaToken(SECRET, { ...payload, e: NOW }, NOW)).rejects.toBeInstanceOf(MediaTokenExpiryError);
    await expect(mintMediaToken(SECRET, { ...payload, e: NOW + MEDIA_TOKEN_MAX_TTL_MS }, NOW)).resolves.toContain(".");
  });

  it("refuses a validly signed token whose expiry is far beyond the bound (a skewed minting clock)", async () => {
    const token = await mintMediaToken(SECRET, { ...payload, e: NOW + MEDIA_TOKEN_MAX_TTL_MS }, NOW);
    expect(await verifyMediaToken(SECRET, token, { ...expected, now: NOW - 60 * 60_000 })).toEqual({ ok: false, reason: "expired" });
  });
});
