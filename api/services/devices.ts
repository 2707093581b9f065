// Linking a device (issue 13): the RFC 8628 device flow. The state machine (`pollOutcome`, `answerCheck`) is pure;
// the functions below it bind it to D1 and to sessions. Takes plain inputs; the routes bind them to the request.
import {
  DEVICE_CODE_TTL_S,
  DEVICE_MESSAGES,
  DEVICE_POLL_INTERVAL_S,
  DEVICE_SLOW_DOWN_S,
  formatUserCode,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
  type DeviceAuthorization,
  type DeviceRequest,
  type DeviceToken,
  type DeviceTokenError,
} from "../contract/devices";
import type { Db } from "../db/client";
import {
  answerDeviceAuth,
  consumeDeviceAuth,
  deleteExpiredDeviceAuths,
  deviceAuthBy,
  insertDeviceAuth,
  touchDeviceAuth,
  type DeviceAuthRow,
} from "../db/repos/devices";
import { randomToken, sha256Hex } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { deviceName, tvModel } from "../contract/sessions";
import { openSession, type SessionClient } from "./auth/sessions";

type PollState = Pick<DeviceAuthRow, "status" | "expiresAt" | "lastPolledAt" | "intervalS">;

export type PollOutcome = { kind: "issue" } | { kind: "refuse"; error: DeviceTokenError; intervalS: number; record: boolean };

/**
 * What a poll of the token endpoint gets (RFC 8628 §3.5), in this order: an expired code is `expired_token`; a
 * denied one `access_denied`; a used one `invalid_grant`; an approved one its session; a poll sooner than the
 * interval `slow_down`, which adds 5 s to the interval from then on; otherwise `authorization_pending`.
 */
export function pollOutcome(row: PollState, now: number): PollOutcome {
  const refuse = (error: DeviceTokenError, intervalS = row.intervalS, record = false): PollOutcome => ({ kind: "refuse", error, intervalS, record });
  if (now >= row.expiresAt) return refuse("expired_token");
  if (row.status === "denied") return refuse("access_denied");
  if (row.status === "consumed") return refuse("invalid_grant");
  if (row.status === "approved") return { kind: "issue" };
  if (row.lastPolledAt !== null && now - row.lastPolledAt < row.intervalS * 1000) return refuse("slow_down", row.intervalS + DEVICE_SLOW_DOWN_S, true);
  return refuse("authorization_pending", row.intervalS, true);
}

/** Why a viewer may not answer this code, or null when they may (pending and not expired). */
export function answerCheck(row: Pick<DeviceAuthRow, "status" | "expiresAt"> | null, now: number): string | null {
  if (!row) return DEVICE_MESSAGES.codeInvalid;
  if (now >= row.expiresAt) return DEVICE_MESSAGES.codeExpired;
  return row.status === "pending" ? null : DEVICE_MESSAGES.codeUsed;
}

/** A user code: 8 letters drawn without bias from the alphabet (rejection sampling over random bytes). */
export function drawUserCode(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const size = USER_CODE_ALPHABET.length;
  const ceiling = 256 - (256 % size);
  let code = "";
  while (code.length < USER_CODE_LENGTH) {
    for (const byte of random(16)) {
      if (byte < ceiling && code.length < USER_CODE_LENGTH) code += USER_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

/** A name for the device to keep with its code: the one it gave, else its make (sessions.ts `tvModel`), else "TV". */
export function deviceLabel(name: string | undefined, userAgent: string | null): string {
  return name || tvModel(userAgent) || GENERIC_DEVICE;
}

const GENERIC_DEVICE = "TV";

export interface DeviceScope {
  db: Db;
  channelId: number;
  now: number;
}

/** POST /device/code: a new code pair. */
export async function startDeviceAuth(
  scope: DeviceScope,
  input: { deviceName?: string; userAgent: string | null; ip: string | null; verificationUri: string },
): Promise<DeviceAuthorization> {
  const { db, channelId, now } = scope;
  await deleteExpiredDeviceAuths(db, channelId, now);
  const deviceCode = randomToken(32);
  const deviceCodeHash = await sha256Hex(deviceCode);
  for (let attempt = 0; attempt < 5; attempt++) {
    const userCode = drawUserCode();
    const row = await insertDeviceAuth(db, {
      channelId,
      deviceCodeHash,
      userCode,
      deviceName: deviceLabel(input.deviceName, input.userAgent),
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      ip: input.ip,
      intervalS: DEVICE_POLL_INTERVAL_S,
      createdAt: now,
      expiresAt: now + DEVICE_CODE_TTL_S * 1000,
    });
    if (row) {
      const shown = formatUserCode(userCode);
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: input.verificationUri,
        verification_uri_complete: `${input.verificationUri}?code=${shown}`,
        expires_in: DEVICE_CODE_TTL_S,
        interval: DEVICE_POLL_INTERVAL_S,
      };
    }
  }
  throw new ApiError(503, "No device code could be drawn. Try again.");
}

/** POST /device/token: the device's poll. A refusal is RFC 8628's error; approval opens a session for the device. */
export async function pollDeviceAuth(
  scope: DeviceScope,
  deviceCode: string,
  client: SessionClient,
): Promise<{ ok: true; token: DeviceToken } | { ok: false; error: DeviceTokenError; interval?: number }> {
  const { db, channelId, now } = scope;
  const row = await deviceAuthBy(db, channelId, { deviceCodeHash: await sha256Hex(deviceCode) });
  if (!row) return { ok: false, error: "invalid_grant" };
  const outcome = pollOutcome(row, now);
  if (outcome.kind === "refuse") {
    if (outcome.record) await touchDeviceAuth(db, row.id, now, outcome.intervalS);
    return { ok: false, error: outcome.error, ...(outcome.error === "slow_down" ? { interval: outcome.intervalS } : {}) };
  }
  if (!(await consumeDeviceAuth(db, row.id))) return { ok: false, error: "invalid_grant" };
  const session = await openSession(db, { channelId, userId: row.userId!, device: "tv", ...client, userAgent: client.userAgent ?? row.userAgent, now });
  return { ok: true, token: { access_token: session.token, token_type: "Bearer", expires_in: Math.floor((session.expiresAt - now) / 1000) } };
}

const codeError = (message: string) => new ApiError(422, message, { code: [message] });

/** The pending, unexpired code pair of this user code, or the refusal in the viewer's words. */
async function answerableRow(scope: DeviceScope, userCode: string): Promise<DeviceAuthRow> {
  const row = await deviceAuthBy(scope.db, scope.channelId, { userCode });
  const refused = answerCheck(row, scope.now);
  if (refused) throw codeError(refused);
  return row!;
}

const toRequest = (row: DeviceAuthRow): DeviceRequest => ({
  user_code: formatUserCode(row.userCode),
  device_name: row.deviceName,
  name: deviceName("tv", row.userAgent, row.deviceName === GENERIC_DEVICE ? null : row.deviceName),
  expires_at: new Date(row.expiresAt).toISOString(),
});

/** GET /auth/add_session?code=: the device that asks, for the viewer to confirm. */
export async function deviceRequest(scope: DeviceScope, userCode: string): Promise<DeviceRequest> {
  return toRequest(await answerableRow(scope, userCode));
}

/** POST /auth/add_session: the viewer approves (or denies) the device showing this code. */
export async function answerDeviceRequest(scope: DeviceScope, userId: number, userCode: string, approve: boolean): Promise<DeviceRequest & { approved: boolean }> {
  const row = await answerableRow(scope, userCode);
  if (!(await answerDeviceAuth(scope.db, row.id, userId, approve))) throw codeError(DEVICE_MESSAGES.codeUsed);
  return { ...toRequest(row), approved: approve };
}
