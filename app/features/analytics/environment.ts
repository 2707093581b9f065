// Where the analytics client runs and what it says about the device (SPEC §7 "skipped on localhost"): pure rules, so
// the browser adapter only reads `location`, `navigator` and `screen` and hands the values in.
import type { DeviceType } from "@api/contract/datalake";

/** SPEC §9's storage prefix. `localStorage["rudy_analytics"] = "on"` sends analytics from a local address too. */
export const STORAGE_PREFIX = "rudy_";
export const DEV_SWITCH_KEY = `${STORAGE_PREFIX}analytics`;

export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]" || host === "::1";
}

/** Sent only for a channel with an analytics profile, and from a local address only when the dev switch is on. */
export function analyticsEnabled({ profile, hostname, devSwitch }: { profile: string | null | undefined; hostname: string; devSwitch: string | null }): boolean {
  if (!profile) return false;
  return !isLocalHost(hostname) || devSwitch === "on";
}

/** What kind of device the user agent names; iPadOS passes for a Mac, but a Mac has no touch screen. */
export function deviceType(userAgent: string, maxTouchPoints = 0): DeviceType {
  if (/smart-?tv|hbbtv|apple ?tv|google ?tv|crkey|tizen|web0s|webos|netcast|viera|bravia|roku|\btv\b/i.test(userAgent) || /\bAFT[A-Z]/.test(userAgent)) return "tv";
  if (/ipad|tablet|playbook|silk|kindle/i.test(userAgent) || (/android/i.test(userAgent) && !/mobile/i.test(userAgent))) return "tablet";
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return "tablet";
  if (/mobi|iphone|ipod|android|blackberry|iemobile|opera mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** "1366x900": the screen in CSS pixels, as the contract's pattern wants it (2 to 5 digits a side). */
export function resolution(width: number, height: number): string {
  const side = (n: number) => Math.min(99_999, Math.max(10, Math.round(Number.isFinite(n) ? n : 0)));
  return `${side(width)}x${side(height)}`;
}

/** The user agent, URI-encoded (SPEC §7) and short enough for the contract, cut between characters. */
export function encodedUserAgent(userAgent: string, max = 2000): string {
  let out = "";
  for (const ch of userAgent || "unknown") {
    let escaped: string;
    try {
      escaped = encodeURIComponent(ch);
    } catch {
      continue; // a lone surrogate
    }
    if (out.length + escaped.length > max) break;
    out += escaped;
  }
  return out;
}
