// The signature of a signed link binds purpose, channel, email, expiry and the per-link nonce (the database side,
// single use and expiry by the clock, is covered in tests/api/auth-links.test.ts).
import { describe, expect, it } from "vitest";
import { linkPath, linkSignature, type LinkPurpose } from "../../api/services/auth/signed-links";

const SECRET = "unit-secret";
type Args = [purpose: LinkPurpose, channelId: number, email: string, expires: number, nonce: string];
const base: Args = ["verify_email", 7, "fan@alpha.test", 1_800_000_000_000, "nonce-1"];
const sign = (...args: Args) => linkSignature(SECRET, ...args);

describe("linkSignature", () => {
  it("is stable base64url for the same inputs", async () => {
    const a = await sign(...base);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sign(...base)).toBe(a);
  });

  it("changes when the email, expiry, channel, nonce, purpose or secret changes", async () => {
    const original = await sign(...base);
    const variants = [
      sign("verify_email", 7, "fan@beta.test", base[3], base[4]),
      sign("verify_email", 7, base[2], base[3] + 1, base[4]),
      sign("verify_email", 8, base[2], base[3], base[4]),
      sign("verify_email", 7, base[2], base[3], "nonce-2"),
      sign("password_reset", 7, base[2], base[3], base[4]),
      sign("delete_account", 7, base[2], base[3], base[4]),
      linkSignature("other-secret", ...base),
    ];
    for (const v of await Promise.all(variants)) expect(v).not.toBe(original);
  });

  it("builds the web link with email, expires and signature", () => {
    expect(linkPath("/verify-email", { email: "a+b@x.test", expires: 5, signature: "s-_" })).toBe("/verify-email?email=a%2Bb%40x.test&expires=5&signature=s-_");
  });
});
