// The RFC 8628 state machine and user codes (api/services/devices.ts, api/contract/devices.ts).
import { describe, expect, it } from "vitest";
import { DEVICE_MESSAGES, formatUserCode, normalizeUserCode, USER_CODE_ALPHABET } from "@api/contract/devices";
import { answerCheck, deviceLabel, drawUserCode, pollOutcome } from "@api/services/devices";

const T = 1_000_000;
const row = (over: Partial<Parameters<typeof pollOutcome>[0]> = {}) => ({ status: "pending" as const, expiresAt: T + 600_000, lastPolledAt: null, intervalS: 5, ...over });

describe("pollOutcome (RFC 8628 §3.5)", () => {
  it("pending: authorization_pending, and the poll is recorded", () => {
    expect(pollOutcome(row(), T)).toEqual({ kind: "refuse", error: "authorization_pending", intervalS: 5, record: true });
  });
  it("too soon: slow_down adds 5 s to the interval", () => {
    expect(pollOutcome(row({ lastPolledAt: T - 4_999 }), T)).toEqual({ kind: "refuse", error: "slow_down", intervalS: 10, record: true });
    expect(pollOutcome(row({ lastPolledAt: T - 5_000 }), T)).toMatchObject({ error: "authorization_pending", intervalS: 5 });
  });
  it("approved issues, even when polled early; denied, used and expired are final", () => {
    expect(pollOutcome(row({ status: "approved", lastPolledAt: T - 1 }), T)).toEqual({ kind: "issue" });
    expect(pollOutcome(row({ status: "denied" }), T)).toMatchObject({ error: "access_denied", record: false });
    expect(pollOutcome(row({ status: "consumed" }), T)).toMatchObject({ error: "invalid_grant" });
    expect(pollOutcome(row({ status: "approved", expiresAt: T }), T)).toMatchObject({ error: "expired_token" });
  });
});

describe("answerCheck", () => {
  it("names what is wrong with a code, in the viewer's words", () => {
    expect(answerCheck(null, T)).toBe(DEVICE_MESSAGES.codeInvalid);
    expect(answerCheck({ status: "pending", expiresAt: T }, T)).toBe(DEVICE_MESSAGES.codeExpired);
    expect(answerCheck({ status: "approved", expiresAt: T + 1 }, T)).toBe(DEVICE_MESSAGES.codeUsed);
    expect(answerCheck({ status: "pending", expiresAt: T + 1 }, T)).toBeNull();
  });
});

describe("user codes", () => {
  it("are 8 letters of the consonant alphabet, shown as XXXX-XXXX and read back however typed", () => {
    const code = drawUserCode();
    expect(code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`));
    expect(normalizeUserCode(formatUserCode(code).toLowerCase())).toBe(code);
    expect(normalizeUserCode(` ${code.slice(0, 4)} ${code.slice(4)} `)).toBe(code);
    expect(normalizeUserCode("WDJB-MJH")).toBeNull();
    expect(normalizeUserCode("WDJB-MJHA")).toBeNull();
  });
  it("draw without bias: bytes past the last whole multiple of the alphabet are skipped", () => {
    // 240 is the first byte past 12·20: skipped; 0 and 19 map to the first and last letters.
    const bytes = [240, 255, 0, 19, 0, 19, 0, 19, 0, 19];
    const code = drawUserCode(() => Uint8Array.from(bytes));
    expect(code).toBe("BZBZBZBZ");
  });
  it("name the device from what it says it is", () => {
    expect(deviceLabel(undefined, "Mozilla/5.0 (Web0S; Linux/SmartTV)")).toBe("LG TV");
    expect(deviceLabel("Kitchen", "anything")).toBe("Kitchen");
    expect(deviceLabel(undefined, null)).toBe("TV");
  });
});
