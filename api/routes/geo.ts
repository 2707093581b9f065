// GET /geo (SPEC §7 "Geo"): the visitor's country and ip, and whether the channel blocks that country.
import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { channelSettingsSchema } from "../contract/settings";
import { channelSettings } from "../db/schema";
import { requireApiKey } from "../middleware/api-key";
import { resolveGeo } from "../services/geo";

const BLOCKED_KEY = "geo.blocked_countries";

export const geoRoutes = new Hono<AppEnv>().get("/geo", requireApiKey, async (c) => {
  const row = await c
    .get("db")
    .select({ value: channelSettings.value })
    .from(channelSettings)
    .where(and(eq(channelSettings.channelId, c.get("channel").id), eq(channelSettings.key, BLOCKED_KEY)))
    .get();
  const cf = (c.req.raw as { cf?: { country?: unknown } }).cf;
  const geo = resolveGeo({
    cfCountry: typeof cf?.country === "string" ? cf.country : null,
    headerCountry: c.req.header("cf-ipcountry"),
    simulatedCountry: c.req.header("x-simulate-country"),
    appEnv: c.env.APP_ENV,
    ip: c.req.header("cf-connecting-ip"),
    blockedCountries: channelSettingsSchema.shape[BLOCKED_KEY].parse(row?.value),
  });
  // Depends on the visitor: never shared.
  c.header("Cache-Control", "private, no-store");
  return c.json({ data: geo });
});
