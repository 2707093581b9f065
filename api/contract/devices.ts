// Linking a device (issue 13, SPEC §2 "sessions/add", §7 `auth/add_session (code)`): the OAuth 2.0 Device
// Authorization Grant (RFC 8628). A TV asks for a code pair, shows the short user code and a QR code of the
// verification URL, and polls; the viewer approves the code from /profile/sessions/add on a phone or computer; the TV
// then gets its own session. Shared by the API and the web app.
import { z } from "zod";
import type { DeviceName } from "./sessions";

/** RFC 8628 §3.4: the device code's grant type. */
export const DEVICE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";
/** How long a code pair lives (RFC 8628 `expires_in`). */
export const DEVICE_CODE_TTL_S = 600;
/** The polling interval the device starts with (RFC 8628 `interval`). */
export const DEVICE_POLL_INTERVAL_S = 5;
/** RFC 8628 §3.5: each `slow_down` adds 5 seconds to the interval, for that and every later poll. */
export const DEVICE_SLOW_DOWN_S = 5;
/**
 * RFC 8628 §6.1: user codes from consonants only (no vowels, so no words; no look-alike digits), compared without
 * case or punctuation. 20^8 ≈ 2.6·10^10 codes, against attempts limited per account and per address.
 */
export const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
export const USER_CODE_LENGTH = 8;
/** Code checks per account and per address: enough for typos, far too few to guess (see the alphabet above). */
export const DEVICE_CODE_ATTEMPTS_LIMIT = 10;
export const DEVICE_CODE_ATTEMPTS_WINDOW_MS = 15 * 60_000;
/** New code pairs per address: a TV needs a few; more would flood the table and the user-code space. */
export const DEVICE_CODE_ISSUE_LIMIT = 20;
export const DEVICE_CODE_ISSUE_WINDOW_MS = 15 * 60_000;

/** The user code as typed (any case, with or without the hyphen or spaces), reduced to its 8 letters; null if not one. */
export function normalizeUserCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== USER_CODE_LENGTH) return null;
  return [...letters].every((ch) => USER_CODE_ALPHABET.includes(ch)) ? letters : null;
}

/** As shown to people: WDJB-MJHT. */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export const DEVICE_MESSAGES = {
  codeRequired: "Enter the code shown on your TV.",
  codeInvalid: "This code is not valid. Check the code on your TV and try again.",
  codeExpired: "This code has expired. Start again on your TV to get a new one.",
  codeUsed: "This code has already been used.",
  remoteAuthOff: "Linking a device is not available on this channel.",
} as const;

/** RFC 8628 §3.5 and RFC 6749 §5.2 error codes of the token endpoint. */
export const DEVICE_TOKEN_ERRORS = ["authorization_pending", "slow_down", "access_denied", "expired_token", "invalid_grant", "unsupported_grant_type", "invalid_request"] as const;
export type DeviceTokenError = (typeof DEVICE_TOKEN_ERRORS)[number];

const userCode = z
  .string({ error: DEVICE_MESSAGES.codeRequired })
  .trim()
  .min(1, DEVICE_MESSAGES.codeRequired)
  .max(32, DEVICE_MESSAGES.codeInvalid)
  .transform((value, ctx) => {
    const code = normalizeUserCode(value);
    if (!code) {
      ctx.addIssue({ code: "custom", message: DEVICE_MESSAGES.codeInvalid });
      return z.NEVER;
    }
    return code;
  });

/** POST /device/code: the device may name itself ("Living room TV"); else its user agent names it. */
export const deviceCodeRequestSchema = z.object({ device_name: z.string().trim().max(60).optional() });

/** POST /device/token (RFC 8628 §3.4): JSON or form-encoded. */
export const deviceTokenRequestSchema = z.object({
  grant_type: z.string().max(100).optional(),
  device_code: z.string().max(200).optional(),
});

/** GET /auth/add_session?code=: which device asks, before the viewer approves. */
export const addSessionQuerySchema = z.object({ code: userCode });
/** POST /auth/add_session (SPEC §7: code), and `approve: false` to deny the device. */
export const addSessionBodySchema = z.object({ code: userCode, approve: z.boolean().default(true) });

/** RFC 8628 §3.2: the device authorization response. */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/** RFC 6749 §5.1: the token response once approved; the token is a session token like the web's. */
export interface DeviceToken {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
}

/** The device that asks, as the viewer sees it before approving. */
export interface DeviceRequest {
  user_code: string;
  /** The name it gave, else its make from its user agent, else "TV" (kept for other clients; `name` is the display name). */
  device_name: string;
  /** Its name as every list names it (sessions.ts `deviceName`): a code-linked device. */
  name: DeviceName;
  expires_at: string;
}
