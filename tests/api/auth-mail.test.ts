// Mail delivery through the queue: held without a provider, sent with one (a stand-in fetch), and the job kind.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@api/db/client";
import { mailOutbox } from "@api/db/schema";
import { jobSchema } from "@api/jobs/queue";
import { deliverMail } from "@api/providers/email/outbox";
import { seedChannels, type Fixtures } from "./fixtures";

let fx: Fixtures;
beforeAll(async () => {
  fx = await seedChannels();
});

async function queuedMail() {
  return getDb(env.DB)
    .insert(mailOutbox)
    .values({ channelId: fx.alpha.id, kind: "verify_email", to: "fan@alpha.test", subject: "S", text: "T", html: "<p>T</p>", language: "en", createdAt: 1 })
    .returning()
    .get();
}

const row = (id: number) => getDb(env.DB).select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();

describe("mail delivery", () => {
  it("accepts mail.send jobs", () => {
    expect(jobSchema.safeParse({ kind: "mail.send", id: 3 }).success).toBe(true);
    expect(jobSchema.safeParse({ kind: "mail.send", id: "3" }).success).toBe(false);
  });

  it("holds the mail when no provider is configured", async () => {
    const mail = await queuedMail();
    await deliverMail(getDb(env.DB), {}, mail.id, 5);
    expect((await row(mail.id))?.status).toBe("held");
  });

  it("sends through the provider and records its id", async () => {
    const mail = await queuedMail();
    const fetcher = vi.fn(async () => Response.json({ id: "re_123" }));
    await deliverMail(getDb(env.DB), { MAIL_API_KEY: "k", MAIL_API_URL: "http://mail.localhost" }, mail.id, 9, fetcher as unknown as typeof fetch);
    expect(await row(mail.id)).toMatchObject({ status: "sent", providerId: "re_123", sentAt: 9 });
    // A repeated delivery of the same message sends nothing more.
    await deliverMail(getDb(env.DB), { MAIL_API_KEY: "k" }, mail.id, 10, fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("marks a refused mail failed and throws, so the queue retries", async () => {
    const mail = await queuedMail();
    const fetcher = async () => Response.json({ message: "down" }, { status: 503 });
    await expect(deliverMail(getDb(env.DB), { MAIL_API_KEY: "k" }, mail.id, 9, fetcher as unknown as typeof fetch)).rejects.toThrow(/503/);
    expect(await row(mail.id)).toMatchObject({ status: "failed" });
  });
});
