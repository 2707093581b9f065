// Prerolls (SPEC §4): the player reports one played (or skipped), and prerolls are suppressed for this user or
// anonymous viewer for the channel's `prerolls.suppress_ms`. Which preroll a playback gets is preroll-grant.ts.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { idParamSchema } from "../contract/common";
import { notFound } from "../lib/errors";
import { body, param } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { bearerToken, currentUser } from "../middleware/user";
import { prerollConfig, recordPrerollPlayed, requestSubject } from "../services/preroll-grant";

const playedBodySchema = z.object({ api_key: z.string().optional() }).loose();

export const prerollRoutes = new Hono<AppEnv>().post("/prerolls/:id/played", requireApiKey, param(idParamSchema), body(playedBodySchema), async (c) => {
  const { id } = c.req.valid("param");
  c.header("Cache-Control", "private, no-store");
  // The same cached list the grants come from: an id of another channel (or one no grant could name) is unknown.
  const config = await prerollConfig(c);
  if (!config.prerolls.some((p) => p.id === id)) throw notFound();
  // The Bearer user is optional; a bad or expired token counts as anonymous, as in the playback call.
  const found = bearerToken(c) ? await currentUser(c) : null;
  const subject = requestSubject(c, found?.user.id ?? null);
  if (subject) await recordPrerollPlayed(c, subject, config);
  return c.body(null, 204);
});
