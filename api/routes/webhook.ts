// POST /api/stripe/webhook: the payment provider's events (public; the Stripe-Signature header is the proof). The
// channel is the host's; the raw body is verified before anything is parsed. Answers 200 once the event is applied
// (or was already), 400 for a delivery that does not verify, and 500 when applying failed, so Stripe redelivers.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { ApiError } from "../lib/errors";
import { readTextCapped } from "../lib/validate";
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
    return c.json({ data: { received: true, result: outcome.result } });
  } catch (error) {
    if (error instanceof WebhookRejected) throw new ApiError(400, error.message);
    throw error;
  }
});
