// Payment events on the Queue: the sandbox hands its signed, Stripe-shaped events here (never an HTTP call to
// ourselves), and the consumer runs them through the same handler as POST /stripe/webhook — signature check
// included — so the offline path exercises the production one.
import { z } from "zod";
import { getDb } from "../db/client";
import { appConfig } from "../env";
import { SandboxPaymentProvider } from "../providers/payments/sandbox";
import type { RenewalReport } from "../providers/payments/sandbox-billing";
import type { EventDelivery, SignedEvent } from "../providers/payments/types";
import { receiptAfter } from "../services/commerce/receipts";
import { receiveWebhook, sandboxWebhookSecret, WebhookRejected, type WebhookOutcome, webhookSecretFor } from "../services/commerce/webhook-apply";

export const paymentEventJob = z.object({
  kind: z.literal("payment.event"),
  event: z.object({
    channelId: z.number().int().positive(),
    id: z.string().min(1),
    type: z.string().min(1),
    payload: z.string().min(1),
    signature: z.string().min(1),
  }),
});

export async function enqueuePaymentEvent(env: Env, event: SignedEvent): Promise<void> {
  const job: z.input<typeof paymentEventJob> = { kind: "payment.event", event };
  await env.JOBS.send(job);
}

/** The `t=` of a Stripe-Signature header, epoch ms (0 when absent, which then fails verification). */
export function signedAt(signature: string): number {
  return Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1] ?? 0) * 1000;
}

/**
 * The consumer step. The signature is checked as of the moment the event was signed: the replay window guards the
 * public endpoint against captured requests, while a queue message can only come from this Worker, and a retried
 * message must not turn stale while it waits (Stripe re-signs each attempt; the queue keeps the first signature).
 * A refused signature will never verify, so it is logged and dropped; any other failure throws, and the queue
 * redelivers the message.
 */
export async function processPaymentEvent(env: Env, event: SignedEvent): Promise<WebhookOutcome | null> {
  const db = getDb(env.DB);
  const now = signedAt(event.signature);
  try {
    const outcome = await receiveWebhook(db, {
      channelId: event.channelId,
      payload: event.payload,
      signature: event.signature,
      secret: await webhookSecretFor(env, event.channelId),
      now,
    });
    // A failure to write the receipt throws like any other: the queue redelivers, and the duplicate writes it.
    await receiptAfter({ db, env, channelId: event.channelId, now }, outcome);
    return outcome;
  } catch (error) {
    if (!(error instanceof WebhookRejected)) throw error;
    console.error("queue: dropping a payment event that does not verify", event.id, error.message);
    return null;
  }
}

/**
 * Sandbox renewals due by `now` (the Cron Trigger's scheduled time, or the dev route's clock): renews, fails or ends
 * each subscription whose period ended, and hands the events to the queue like every other sandbox event. With
 * Stripe configured there is nothing to do: Stripe renews and sends its own events.
 */
export async function runDueRenewals(env: Env, now: number, deliver: EventDelivery = (event) => enqueuePaymentEvent(env, event)): Promise<RenewalReport | null> {
  if (appConfig(env).STRIPE_SECRET_KEY) return null;
  const sandbox = new SandboxPaymentProvider({ db: getDb(env.DB), now: () => now, webhookSecret: (channelId) => sandboxWebhookSecret(env, channelId), deliver });
  return sandbox.runDue(now);
}
