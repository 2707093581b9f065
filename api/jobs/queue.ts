// The Queue consumer. Messages are typed and validated; a job may ask to be retried later (backoff) instead of failing.
import { z } from "zod";
import { getDb } from "../db/client";
import { clearChannelCache } from "../middleware/tenant";
import { deliverMail } from "../providers/email/outbox";
import { processClip } from "../services/clips/process";
import { videoProvider } from "../providers/video";
import { sendPasswordReset } from "../services/auth/password-reset-mail";
import { passwordResetJob } from "./password-reset";
import { paymentEventJob, processPaymentEvent } from "./payment-events";

export const jobSchema = z.discriminatedUnion("kind", [
  // Sent after a channel's definition changes: drop cached host lookups and the channel's cached bootstrap.
  z.object({ kind: z.literal("channel.changed"), alias: z.string(), cacheKeys: z.array(z.string()).default([]) }),
  // A mail written to mail_outbox, to deliver through the configured provider.
  z.object({ kind: z.literal("mail.send"), id: z.number().int().positive() }),
  // A payment provider's signed event (the sandbox's), for the webhook handler.
  paymentEventJob,
  // A password-reset request: mail a link if the account exists (jobs/password-reset.ts).
  passwordResetJob,
  // A queued clip to build (services/clips/process.ts).
  z.object({ kind: z.literal("clip.process"), channelId: z.number().int().positive(), clipId: z.number().int().positive() }),
]);
export type Job = z.infer<typeof jobSchema>;

/** What a job that did not finish asks for: another delivery after this many seconds. */
export type JobRetry = { retryAfterS: number };

/** Runs one job; `attempts` counts this delivery (1 for the first). */
export async function handleJob(job: Job, env: Env, attempts = 1): Promise<JobRetry | void> {
  switch (job.kind) {
    case "clip.process": {
      const db = getDb(env.DB);
      const outcome = await processClip({ db, bucket: env.MEDIA, now: Date.now, video: () => videoProvider(env, db) }, job, attempts);
      return outcome.done ? undefined : { retryAfterS: outcome.retryAfterS };
    }
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
    case "auth.password-reset":
      await sendPasswordReset(env, job);
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
      const retry = await handleJob(job.data, env, message.attempts);
      if (retry) message.retry({ delaySeconds: retry.retryAfterS });
      else message.ack();
    } catch (error) {
      console.error("queue: job failed, will retry", message.id, error);
      message.retry();
    }
  }
}
