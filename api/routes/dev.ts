// Development helpers, mounted only where the dev tools are on (api/index.ts); production answers 404 as if absent:
// - GET /dev/outbox: the channel's mails with their links, so local runs and e2e tests can follow verification and
//   reset links without a mail server;
// - POST /dev/payments/run-due {now?}: the sandbox's renewals due by `now` (default: the clock), what the Cron
//   Trigger runs every 5 minutes, so a renewal or a failed renewal can be seen without waiting a month;
// - POST /dev/reminders/run-due {now?}: the reminder run as of `now` (default: the clock), also a Cron Trigger task;
// - GET /dev/analytics?session={uuid}: what the analytics client sent in one session, as D1 stored it (issue 14).
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import type { OutboxMail } from "../contract/auth";
import { mailOutbox } from "../db/schema";
import { body, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requestHost } from "../middleware/tenant";
import { sessionRecordsQuery } from "../db/repos/analytics";
import { runDueRenewals } from "../jobs/payment-events";
import { mailLinks } from "../providers/email/outbox";
import { sendDueReminders } from "../services/reminder-run";

const analyticsQuery = z.object({ api_key: z.string().optional(), session: z.string().min(1).max(64), limit: z.coerce.number().int().min(1).max(1000).default(500) });

const outboxQuery = z.object({ api_key: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/** The sandbox's clock for one run: epoch ms or an ISO 8601 time; omitted, the API's clock. */
const runDueBody = z.object({ now: z.union([z.number().int().positive(), z.string().datetime({ offset: true }).transform((v) => Date.parse(v))]).optional() });

export const devRoutes = new Hono<AppEnv>()
  .post("/dev/payments/run-due", requireApiKey, body(runDueBody), async (c) => {
    const now = c.req.valid("json").now ?? c.get("now")();
    // The sandbox keeps one clock for every channel, so a run renews whatever is due on any of them; only the
    // counts are answered, no other channel's ids. With Stripe configured there is nothing to run (null).
    const report = await runDueRenewals(c.env, now);
    c.header("Cache-Control", "no-store");
    const data = report && { now: new Date(now).toISOString(), renewed: report.renewed.length, failed: report.failed.length, ended: report.ended.length };
    return c.json({ data });
  })
  .post("/dev/reminders/run-due", requireApiKey, body(runDueBody), async (c) => {
    const now = c.req.valid("json").now ?? c.get("now")();
    // Like the cron, a run covers every channel; this request's URL only tells where the mailed links point.
    const data = await sendDueReminders(c.env, now, new URL(`${new URL(c.req.url).protocol}//${requestHost(c.req.raw, c.env)}`));
    c.header("Cache-Control", "no-store");
    return c.json({ data });
  })
  .get("/dev/analytics", requireApiKey, query(analyticsQuery), async (c) => {
    const { session, limit } = c.req.valid("query");
    const rows = await sessionRecordsQuery(c.get("db"), c.get("channel").id, session, limit);
    c.header("Cache-Control", "no-store");
    return c.json({ data: rows.map((r) => ({ kind: r.kind, name: r.name, at: r.at, session_uuid: r.sessionUuid, user_id: r.userId, video_view_uuid: r.videoViewUuid, stream_type: r.streamType, stream_id: r.streamId, value: r.value, value2: r.value2, trk: r.trk, data: r.data })) });
  })
  .get("/dev/outbox", requireApiKey, query(outboxQuery), async (c) => {
    const rows = await c
      .get("db")
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.channelId, c.get("channel").id))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(c.req.valid("query").limit);
    const data: OutboxMail[] = rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      text: m.text,
      links: mailLinks(m.text),
      status: m.status,
      created_at: m.createdAt,
    }));
    c.header("Cache-Control", "no-store");
    return c.json({ data });
  });
