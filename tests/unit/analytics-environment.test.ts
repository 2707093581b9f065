// Where the analytics client runs (SPEC §7: skipped on localhost, sent only with a profile) and what it says about
// the device; and the longest request time it reports being one the contract takes.
import { describe, expect, test } from "vitest";
import * as contract from "@api/contract/datalake";
import { analyticsEnabled, deviceType, encodedUserAgent, isLocalHost, resolution } from "~/features/analytics/environment";

describe("analyticsEnabled", () => {
  const profile = "ya_alpha_3d1f9b7c";
  test("a channel host with a profile sends", () => {
    expect(analyticsEnabled({ profile, hostname: "alpha-sports.test", devSwitch: null })).toBe(true);
  });
  test("no profile: nothing, wherever", () => {
    for (const p of [null, undefined, ""]) expect(analyticsEnabled({ profile: p, hostname: "alpha-sports.test", devSwitch: "on" })).toBe(false);
  });
  test("local addresses are skipped unless the dev switch is on", () => {
    for (const hostname of ["localhost", "alpha.localhost", "ALPHA.LOCALHOST", "127.0.0.1", "[::1]"]) {
      expect(isLocalHost(hostname), hostname).toBe(true);
      expect(analyticsEnabled({ profile, hostname, devSwitch: null }), hostname).toBe(false);
      expect(analyticsEnabled({ profile, hostname, devSwitch: "off" }), hostname).toBe(false);
      expect(analyticsEnabled({ profile, hostname, devSwitch: "on" }), hostname).toBe(true);
    }
    for (const hostname of ["localhost.example.com", "mylocalhost", "127.0.0.2.example"]) expect(isLocalHost(hostname), hostname).toBe(false);
  });
});

describe("device", () => {
  test("device types from user agents", () => {
    const cases: [string, number, string][] = [
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36", 0, "desktop"],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", 0, "desktop"],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", 5, "tablet"],
      ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", 5, "mobile"],
      ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36", 5, "mobile"],
      ["Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36", 5, "tablet"],
      ["Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0 TV Safari/537.36", 0, "tv"],
      ["Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0 Safari/537.36 WebAppManager", 0, "tv"],
      ["Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36", 0, "tv"],
    ];
    for (const [ua, touch, type] of cases) expect(deviceType(ua, touch), ua).toBe(type);
  });

  test("resolution fits the contract's pattern", () => {
    expect(resolution(1366, 900)).toBe("1366x900");
    expect(resolution(412.5, 915.2)).toBe("413x915");
    expect(resolution(0, Number.NaN)).toBe("10x10");
    for (const r of [resolution(1366, 900), resolution(0, 0), resolution(1e6, 1)]) expect(r).toMatch(/^\d{2,5}x\d{2,5}$/);
  });

  test("the user agent is URI-encoded and cut without splitting an escape", () => {
    expect(encodedUserAgent("Mozilla/5.0 (X11)")).toBe("Mozilla%2F5.0%20(X11)");
    for (const max of [2000, 2001, 2002, 2003, 2004, 2005]) {
      const cut = encodedUserAgent("é€".repeat(300), max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.length).toBeGreaterThan(max - 10);
      expect(() => decodeURIComponent(cut)).not.toThrow();
    }
    expect(encodedUserAgent("")).toBe("unknown");
  });
});

test("the longest api_request total the client sends is the longest the contract takes", () => {
  expect(contract.apiRequestFieldsSchema.safeParse({ url: "/", status: 200, total: contract.API_REQUEST_TOTAL_MAX_MS }).success).toBe(true);
  expect(contract.apiRequestFieldsSchema.safeParse({ url: "/", status: 200, total: contract.API_REQUEST_TOTAL_MAX_MS + 1 }).success).toBe(false);
});
