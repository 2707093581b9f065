// GET /dev/outbox: the channel's mails with their links, so local runs and e2e tests can follow verification and
// reset links without a mail server. Never served in production.
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../context";
import type { OutboxMail } from "../contract/auth";
import { mailOutbox } from "../db/schema";
import { notFound } from "../lib/errors";
import { query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { mailLinks } from "../providers/email/outbox";

const outboxQuery = z.object({ api_key: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/** Answers 404 in production before anything else runs, as if the route did not exist. */
const notInProduction = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.APP_ENV === "production") throw notFound();
  await next();
});

export const devRoutes = new Hono<AppEnv>().get("/dev/outbox", notInProduction, requireApiKey, query(outboxQuery), async (c) => {
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
