// The Queue consumer. Messages are typed and validated; later features (clip jobs) add kinds here.
import { z } from "zod";
import { getDb } from "../db/client";
import { clearChannelCache } from "../middleware/tenant";
import { deliverMail } from "../providers/email/outbox";
import { paymentEventJob, processPaymentEvent } from "./payment-events";

export const jobSchema = z.discriminatedUnion("kind", [
  // Sent after a channel's definition changes: drop cached host lookups and the channel's cached bootstrap.
  z.object({ kind: z.literal("channel.changed"), alias: z.string(), cacheKeys: z.array(z.string()).default([]) }),
  // A mail written to mail_outbox, to deliver through the configured provider.
  z.object({ kind: z.literal("mail.send"), id: z.number().int().positive() }),
  // A payment provider's signed event (the sandbox's), for the webhook handler.
  paymentEventJob,
]);
export type Job = z.infer<typeof jobSchema>;

export async function handleJob(job: Job, env: Env): Promise<void> {
  switch (job.kind) {
    case "channel.changed":
      clearChannelCache();
      await Promise.all(job.cacheKeys.map((key) => env.CACHE.delete(key)));
      return;
    case "mail.send":
      await deliverMail(getDb(env.DB), env, job.id, Date.now());
      return;
    case "payment.event":
      await processPaymentEvent(env, job.event);
      return;
  }
}

export async function consumeBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const job = jobSchema.safeParse(message.body);
    if (!job.success) {
      // A malformed message will never succeed: drop it rather than retry it forever.
      console.error("queue: dropping malformed message", message.id, job.error.issues);
      message.ack();
      continue;
    }
    try {
      await handleJob(job.data, env);
      message.ack();
    } catch (error) {
      console.error("queue: job failed, will retry", message.id, error);
      message.retry();
    }
  }
}
