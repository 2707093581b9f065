// The platform admin's calls (issue 16): create a channel and list them all. Only an admin (role "admin") may call
// them, on any channel's host they have an account on.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { createChannelSchema } from "../contract/platform";
import { body } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requirePlatformAdmin } from "../middleware/roles";
import { requestHost } from "../middleware/tenant";
import { requireUser } from "../middleware/user";
import { createChannel, listChannels, type PlatformScope } from "../services/platform/channels";
import type { Context } from "hono";

function platformScope(c: Context<AppEnv>): PlatformScope {
  const user = c.get("user");
  const url = new URL(c.req.url);
  return { db: c.get("db"), env: c.env, actor: { id: user.id, email: user.email }, now: c.get("now")(), origin: `${url.protocol}//${requestHost(c.req.raw, c.env) ?? url.host}` };
}

const guard = [requireApiKey, requireUser(), requirePlatformAdmin] as const;

export const platformRoutes = new Hono<AppEnv>()
  .get("/platform/channels", ...guard, async (c) => c.json({ data: await listChannels(platformScope(c)) }))
  .post("/platform/channels", ...guard, body(createChannelSchema), async (c) => c.json({ data: await createChannel(platformScope(c), c.req.valid("json")) }, 201));
