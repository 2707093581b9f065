// GET /geo (SPEC §7 "Geo"): the visitor's country and ip, and whether the channel blocks that country.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { requireApiKey } from "../middleware/api-key";
import { requestGeo } from "../services/geo";

export const geoRoutes = new Hono<AppEnv>().get("/geo", requireApiKey, (c) => {
  // Depends on the visitor: never shared.
  c.header("Cache-Control", "private, no-store");
  return c.json({ data: requestGeo(c) });
});
