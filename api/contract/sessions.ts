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

/**
 * How a device is named to its owner, the same everywhere (issue 28: the Devices tab, the stream-limit prompt, the
 * approval of a TV's code), in parts the web puts into its words: "Chrome on Windows", "Safari on iPhone", "Samsung TV
 * (code-linked)". Read from the user agent here and only here (`deviceName`).
 */
export interface DeviceName {
  /** "browser": a browser (or an app) signed in itself; "tv": a device linked with a code (RFC 8628). */
  kind: "browser" | "tv";
  /** "Chrome", "Safari"…; null when the user agent names none we know. */
  browser: string | null;
  /** "Windows", "macOS", "iPhone", "iPad", "Android", "Tizen"…; null when unknown. */
  os: string | null;
  /** A linked device's make or the name it gave ("Samsung TV", "Living room"); null when unknown. */
  model: string | null;
}

/** One signed-in device, newest-seen first in the list. */
export interface Session {
  id: number;
  /** How it signed in: "web", "tv" (linked by code)… */
  device: string;
  /** Its name, in parts (`DeviceName`). */
  name: DeviceName;
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
  [/\biPhone\b/, "iPhone"],
  [/\biPod\b/, "iPod"],
  [/\biPad\b/, "iPad"],
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

// A TV's make, as its user agent says it (first match wins: Samsung's and LG's say "Linux" and often "Chrome" too).
const TV_MODELS: [RegExp, string][] = [
  [/SMART-TV|Tizen/i, "Samsung TV"],
  [/Web0S|webOS/i, "LG TV"],
  [/\bAFT|Fire TV/i, "Fire TV"],
  [/CrKey|Chromecast/i, "Chromecast"],
  [/Apple ?TV|tvOS/i, "Apple TV"],
  [/Android TV|BRAVIA|GoogleTV/i, "Android TV"],
  [/Roku/i, "Roku"],
];

/** The make of a TV or streaming stick its user agent names, or null. */
export function tvModel(userAgent: string | null | undefined): string | null {
  const ua = userAgent ?? "";
  return TV_MODELS.find(([re]) => re.test(ua))?.[1] ?? null;
}

/**
 * The one reading of a device's name (`DeviceName`): how it signed in (`device`: "tv" for a code-linked device), its
 * user agent, and for a linked device the name it gave when it asked for its code.
 */
export function deviceName(device: string, userAgent: string | null | undefined, given?: string | null): DeviceName {
  const { browser, os } = parseUserAgent(userAgent);
  if (device === "tv") return { kind: "tv", browser, os, model: given?.trim() || tvModel(userAgent) };
  return { kind: "browser", browser, os, model: null };
}
