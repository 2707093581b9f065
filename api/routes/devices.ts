// Linking a device (issue 13, SPEC §2/§7, RFC 8628). The device endpoints answer RFC 8628's own JSON (no `data`
// envelope), so a TV app's OAuth library can use them as they are; the viewer's `auth/add_session` follows SPEC §7.
// All of it only where the channel turns `auth.remote_auth` on.
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { addSessionBodySchema, addSessionQuerySchema, DEVICE_GRANT_TYPE, DEVICE_MESSAGES, deviceCodeRequestSchema, deviceTokenRequestSchema } from "../contract/devices";
import { ApiError } from "../lib/errors";
import { body, parse, query, readBody } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { authRequest, sessionClient } from "../services/auth/request";
import { RULES, throttle, throttleKeys } from "../services/auth/throttle";
import { answerDeviceRequest, deviceRequest, pollDeviceAuth, startDeviceAuth, type DeviceScope } from "../services/devices";

/**
 * Where the viewer approves a code, short to type from a TV screen (RFC 8628 §3.3.1): the web app's /activate, which
 * forwards to the SPEC's /profile/sessions/add (the QR code's link carries `?code=` along).
 */
export const VERIFICATION_PATH = "/activate";

/** The channel setting `auth.remote_auth` (SPEC §2, read with the channel): off, no device linking at all. */
const requireRemoteAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("channel").remoteAuth) throw new ApiError(403, DEVICE_MESSAGES.remoteAuthOff);
  await next();
});

const scope = (c: Context<AppEnv>): DeviceScope => ({ db: c.get("db"), channelId: c.get("channel").id, now: c.get("now")() });

/** A code check counts against the account and the address: user codes must not be guessable by trying. */
const throttleCodeChecks = (c: Context<AppEnv>) => {
  const { channel, ip, now } = authRequest(c);
  return throttle(c.env, now, [
    [throttleKeys.deviceCodeAccount(channel.id, c.get("user").id), RULES.deviceCode],
    [throttleKeys.deviceCodeIp(channel.id, ip), RULES.deviceCode],
  ]);
};

export const deviceRoutes = new Hono<AppEnv>()
  .post("/device/code", requireApiKey, requireRemoteAuth, body(deviceCodeRequestSchema), async (c) => {
    const req = authRequest(c);
    await throttle(c.env, req.now, [[throttleKeys.deviceCodeIssueIp(req.channel.id, req.ip), RULES.deviceCodeIssue]]);
    const answer = await startDeviceAuth(scope(c), {
      deviceName: c.req.valid("json").device_name || undefined,
      userAgent: req.userAgent,
      ip: req.ip,
      verificationUri: `${req.origin}${VERIFICATION_PATH}`,
    });
    c.header("Cache-Control", "no-store");
    return c.json(answer);
  })
  .post("/device/token", requireApiKey, requireRemoteAuth, async (c) => {
    c.header("Cache-Control", "no-store");
    const input = parse(deviceTokenRequestSchema, await readBody(c.req));
    if (input.grant_type !== DEVICE_GRANT_TYPE) return c.json({ error: "unsupported_grant_type" }, 400);
    if (!input.device_code) return c.json({ error: "invalid_request", error_description: "device_code is required" }, 400);
    const req = authRequest(c);
    const result = await pollDeviceAuth(scope(c), input.device_code, sessionClient(req));
    if (!result.ok) {
      // RFC 8628 §3.5: every poll before the viewer answers is refused; those two are the flow working, not errors.
      if (result.error === "authorization_pending" || result.error === "slow_down") c.set("expectedRefusal", true);
      return c.json({ error: result.error, ...(result.interval ? { interval: result.interval } : {}) }, 400);
    }
    return c.json(result.token);
  })
  .get("/auth/add_session", requireApiKey, requireRemoteAuth, requireUser(), query(addSessionQuerySchema), async (c) => {
    await throttleCodeChecks(c);
    return c.json({ data: await deviceRequest(scope(c), c.req.valid("query").code) });
  })
  .post("/auth/add_session", requireApiKey, requireRemoteAuth, requireUser(), body(addSessionBodySchema), async (c) => {
    await throttleCodeChecks(c);
    const { code, approve } = c.req.valid("json");
    return c.json({ data: await answerDeviceRequest(scope(c), c.get("user").id, code, approve) });
  });
