import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS } from "../../api/contract/constants";
import { fromBase64Url, timingSafeEqual } from "../../api/lib/crypto";
import { dummyVerify, hashPassword, parseStoredHash, verifyPassword } from "../../api/services/auth/passwords";

describe("passwords", () => {
  it("uses PBKDF2-SHA256 at 100 000 iterations, the Workers cap", () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("stores algorithm, iterations, a 16-byte salt and a 32-byte hash", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    const parsed = parseStoredHash(stored)!;
    expect(parsed.iterations).toBe(100_000);
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.hash).toHaveLength(32);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("reads the iteration count from the stored string", async () => {
    const stored = await hashPassword("old", 1_000);
    expect(stored.split("$")[1]).toBe("1000");
    expect(await verifyPassword("old", stored)).toBe(true);
  });

  it("refuses malformed or missing hashes (after the same work)", async () => {
    for (const bad of [null, "", "plain", "md5$1$a$b", "pbkdf2-sha256$x$a$b", "pbkdf2-sha256$200000$AAAA$AAAA", "pbkdf2-sha256$1000$!!$AAAA"]) {
      expect(await verifyPassword("x", bad)).toBe(false);
    }
    await expect(dummyVerify()).resolves.toBeUndefined();
  });

  it("compares in constant time over the whole length", () => {
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });

  it("decodes base64url and refuses other alphabets", () => {
    expect(Array.from(fromBase64Url("AQID")!)).toEqual([1, 2, 3]);
    expect(fromBase64Url("a+b/")).toBeNull();
  });
});
