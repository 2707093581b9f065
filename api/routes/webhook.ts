// POST /api/stripe/webhook: the payment provider's events (public; the Stripe-Signature header is the proof). The
// channel is the host's; the raw body is verified before anything is parsed. Answers 200 once the event is applied
// (or was already) and its receipt is written, 400 for a delivery that does not verify, and 500 when applying or the
// receipt failed, so Stripe redelivers.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { ApiError } from "../lib/errors";
import { readTextCapped } from "../lib/validate";
import { receiptAfter } from "../services/commerce/receipts";
import { receiveWebhook, WebhookRejected, webhookSecretFor } from "../services/commerce/webhook-apply";

export const webhookRoutes = new Hono<AppEnv>().post("/stripe/webhook", async (c) => {
  const channel = c.get("channel");
  const payload = await readTextCapped(c.req);
  c.header("Cache-Control", "no-store");
  try {
    const outcome = await receiveWebhook(c.get("db"), {
      channelId: channel.id,
      payload,
      signature: c.req.header("stripe-signature"),
      secret: await webhookSecretFor(c.env, channel.id),
      now: c.get("now")(),
    });
    // The receipt is part of the event's effect: if writing it fails, the 500 makes Stripe deliver the event again.
    await receiptAfter({ db: c.get("db"), env: c.env, channelId: channel.id, now: c.get("now")(), base: new URL(c.req.url) }, outcome);
    return c.json({ data: { received: true, result: outcome.result } });
  } catch (error) {
    if (error instanceof WebhookRejected) throw new ApiError(400, error.message);
    throw error;
  }
});
