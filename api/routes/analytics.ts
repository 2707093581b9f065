// The channel owner's analytics (issue 14): GET /analytics/dashboard and GET /analytics/errors (the request-error
// log). Only the channel's owner (or a platform admin) may read them.
import { type Context, Hono } from "hono";
import type { AppEnv } from "../context";
import { langQuerySchema } from "../contract/common";
import { ANALYTICS_MESSAGES, dashboardQuerySchema, errorsQuerySchema } from "../contract/datalake";
import { settingsQuery } from "../db/repos/content";
import { channelSettingsSchema } from "../contract/settings";
import { query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { requireChannelManager } from "../middleware/roles";
import { dashboard, type DashboardScope, dayRange, requestErrorLog } from "../services/analytics/dashboard";
import { requestLang } from "../services/lang";

const requireOwner = requireChannelManager(ANALYTICS_MESSAGES.ownerOnly);

async function scope(c: Context<AppEnv>): Promise<DashboardScope> {
  const channelId = c.get("channel").id;
  const rows = await settingsQuery(c.get("db"), channelId);
  const currency = channelSettingsSchema.shape.currency.parse(rows.find((r) => r.key === "currency")?.value ?? undefined);
  return { db: c.get("db"), channelId, currency, now: c.get("now")() };
}

export const analyticsRoutes = new Hono<AppEnv>()
  .get("/analytics/dashboard", requireApiKey, requireUser(), requireOwner, query(dashboardQuerySchema.extend(langQuerySchema.shape)), async (c) => {
    const asked = c.req.valid("query");
    const s = await scope(c);
    return c.json({ data: await dashboard(s, dayRange(asked, s.now), requestLang(asked.lang, c.get("channel"))) });
  })
  .get("/analytics/errors", requireApiKey, requireUser(), requireOwner, query(errorsQuerySchema), async (c) => {
    const asked = c.req.valid("query");
    const s = await scope(c);
    return c.json({ data: await requestErrorLog(s, dayRange(asked, s.now), asked.limit) });
  });
