// The signed-in user's sessions (issue 13, "Devices" in /profile): every device signed in to the account on this
// channel, with what its user agent says it is and where it signed in from; any of them can be signed out, or all
// but the one in hand. Shared by the API and the web app.
import { z } from "zod";

export const SESSION_MESSAGES = {
  notFound: "This session was not found. It may have been signed out already.",
  badId: "The session id must be a positive whole number.",
} as const;

/** DELETE /sessions/{id}. */
export const sessionIdParamSchema = z.object({
  id: z.coerce.number({ error: SESSION_MESSAGES.badId }).int(SESSION_MESSAGES.badId).positive(SESSION_MESSAGES.badId),
});

/** One signed-in device, newest-seen first in the list. */
export interface Session {
  id: number;
  /** How it signed in: "web", "tv" (linked by code)… */
  device: string;
  /** What its user agent names: "Chrome", "Safari"…; null when it names no browser we know (a TV app). */
  browser: string | null;
  /** "Windows", "macOS", "iOS", "Android"…; null when unknown. */
  os: string | null;
  /** ISO 3166-1 alpha-2 of the request that signed in; null when unknown. */
  country: string | null;
  created_at: string;
  last_seen_at: string;
  /** The session making this call. */
  current: boolean;
}

/** DELETE /sessions/{id}: which session ended, and whether it was the caller's own (the caller is now signed out). */
export interface EndedSession {
  id: number;
  current: boolean;
}

/** POST /sessions/end-others: how many other sessions ended. */
export interface EndedOthers {
  ended: number;
}

// First match wins: Edge, Opera and Samsung Internet also say "Chrome", and Chrome on iOS also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|OPiOS)\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS)\//, "Chrome"],
  [/\bChromium\//, "Chromium"],
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, "Safari"],
];

// iPhones and iPads say "like Mac OS X", Android and TVs say "Linux": the specific ones come first.
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(?:iPhone|iPod)\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bTizen\b/, "Tizen"],
  [/\b(?:Web0S|webOS)\b/, "webOS"],
  [/\bAndroid\b/, "Android"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser and operating system a user agent names, each null when it names none we know. */
export function parseUserAgent(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  const ua = userAgent ?? "";
  const first = (rules: [RegExp, string][]) => rules.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser: first(BROWSERS), os: first(SYSTEMS) };
}
