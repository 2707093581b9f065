// POST /dev/channels (issue 24): loads a channel definition under a fresh alias at a given `now`, so each test owns
// its channel. Development and tests only: production does not mount it (api/index.ts), so it is a 404 as if absent. Mounted
// before the host's channel is resolved: the channel it makes does not exist yet.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { testChannelInputSchema } from "../contract/test-channels";
import { body } from "../lib/validate";
import { loadTestChannel } from "../services/platform/test-channels";

export const devChannelRoutes = new Hono<AppEnv>().post("/dev/channels", body(testChannelInputSchema), async (c) => {
  const data = await loadTestChannel(c.env, c.req.valid("json"), c.get("now")());
  c.header("Cache-Control", "no-store");
  return c.json({ data }, 201);
});
