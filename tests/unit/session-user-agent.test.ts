// What the Devices list says of a session's user agent (api/contract/sessions.ts), and how a stored session is shown.
import { describe, expect, it } from "vitest";
import { deviceName, parseUserAgent, tvModel } from "@api/contract/sessions";
import { toSession } from "@api/services/sessions";

describe("parseUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome", "Windows"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36", "Chrome", "Linux"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56", "Edge", "Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0", "Opera", "macOS"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari", "macOS"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox", "macOS"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari", "iPhone"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1", "Chrome", "iPhone"],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15", "Firefox", "iPad"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", "Samsung Internet", "Android"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36", "Chrome", "Android"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome", "ChromeOS"],
    ["Mozilla/5.0 (Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SMART-TV Safari/537.36", null, "Tizen"],
    ["Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager", "Chrome", "webOS"],
  ])("%s", (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });

  it("names nothing for a missing or unknown user agent", () => {
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null });
    expect(parseUserAgent("")).toEqual({ browser: null, os: null });
    expect(parseUserAgent("curl/8.5.0")).toEqual({ browser: null, os: null });
  });
});

const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const TIZEN = "Mozilla/5.0 (Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SMART-TV Safari/537.36";

// Issue 28: one reading of a device's name, the same on the Devices tab, the stream-limit prompt and a TV's approval.
describe("deviceName", () => {
  it("names a browser by its browser and system", () => {
    expect(deviceName("web", IPHONE_SAFARI)).toEqual({ kind: "browser", browser: "Safari", os: "iPhone", model: null });
    expect(deviceName("web", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36")).toEqual({
      kind: "browser",
      browser: "Chrome",
      os: "Windows",
      model: null,
    });
  });

  it("names a code-linked device by the name it gave, else its make, else nothing (the web says Smart TV)", () => {
    expect(deviceName("tv", TIZEN)).toEqual({ kind: "tv", browser: null, os: "Tizen", model: "Samsung TV" });
    expect(deviceName("tv", TIZEN, "Living room")).toMatchObject({ kind: "tv", model: "Living room" });
    expect(deviceName("tv", TIZEN, "  ")).toMatchObject({ model: "Samsung TV" });
    expect(deviceName("tv", "Roku/DVP-12.0 (12.0.0.4182-88)")).toMatchObject({ kind: "tv", model: "Roku" });
    expect(deviceName("tv", null)).toEqual({ kind: "tv", browser: null, os: null, model: null });
  });

  it("a browser's user agent that names nothing is a browser with no parts (the web says Web browser)", () => {
    expect(deviceName("web", null)).toEqual({ kind: "browser", browser: null, os: null, model: null });
    expect(deviceName("web", "curl/8.5.0")).toEqual({ kind: "browser", browser: null, os: null, model: null });
  });

  it.each([
    ["Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager", "LG TV"],
    ["Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36", "Fire TV"],
    ["AppleTV11,1/11.1", "Apple TV"],
    ["Mozilla/5.0 (Linux; Android 12; BRAVIA 4K VH2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36", "Android TV"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", null],
  ])("tvModel(%s) is %s", (ua, model) => {
    expect(tvModel(ua)).toBe(model);
  });
});

describe("toSession", () => {
  const row = {
    id: 7,
    channelId: 1,
    userId: 2,
    tokenHash: "hash",
    device: "web",
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
    ip: "198.51.100.1",
    country: "FR",
    createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    lastSeenAt: Date.UTC(2026, 0, 3),
    expiresAt: Date.UTC(2026, 1, 2),
  };

  it("shows what the user may see, in ISO times, and marks the caller's own session", () => {
    expect(toSession(row, 7)).toEqual({
      id: 7,
      device: "web",
      name: { kind: "browser", browser: "Firefox", os: "macOS", model: null },
      browser: "Firefox",
      os: "macOS",
      country: "FR",
      created_at: "2026-01-02T03:04:05.000Z",
      last_seen_at: "2026-01-03T00:00:00.000Z",
      current: true,
    });
    expect(toSession(row, 8).current).toBe(false);
  });
});
