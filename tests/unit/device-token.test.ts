import { describe, expect, it } from "vitest";
import { DEVICE_TOKEN_TTL_MS } from "@api/contract/constants";
import { issueDeviceToken, isKnownDevice } from "@api/services/auth/device-token";

const SECRET = "test-secret";
const NOW = Date.UTC(2026, 10, 25);

describe("known-device tokens (ADR 021)", () => {
  it("names one channel and email until it expires", async () => {
    const token = await issueDeviceToken(SECRET, 1, "fan@example.test", NOW);
    expect(await isKnownDevice(SECRET, 1, "fan@example.test", token, NOW + 1)).toBe(true);
    expect(await isKnownDevice(SECRET, 1, "fan@example.test", token, NOW + DEVICE_TOKEN_TTL_MS)).toBe(false);
    expect(await isKnownDevice(SECRET, 2, "fan@example.test", token, NOW)).toBe(false);
    expect(await isKnownDevice(SECRET, 1, "other@example.test", token, NOW)).toBe(false);
    expect(await isKnownDevice("another-secret", 1, "fan@example.test", token, NOW)).toBe(false);
  });

  it("refuses a token whose expiry or signature was changed, and anything malformed", async () => {
    const token = await issueDeviceToken(SECRET, 1, "fan@example.test", NOW);
    const [expires, nonce, signature] = token.split(".");
    for (const bad of [`${Number(expires) + 1}.${nonce}.${signature}`, `${expires}.${nonce}x.${signature}`, `${expires}.${nonce}.${signature.slice(1)}`, "", "1.2", `${token}.x`, undefined]) {
      expect(await isKnownDevice(SECRET, 1, "fan@example.test", bad, NOW)).toBe(false);
    }
  });
});
