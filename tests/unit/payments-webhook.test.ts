// One verifier for both providers: sandbox events, signed in Stripe's header format, pass the SDK's
// constructEventAsync; unsigned, tampered, wrongly keyed and stale (> 300 s) ones do not. The clock is injected.
import { describe, expect, it } from "vitest";
import { EventBatch } from "@api/providers/payments/sandbox-events";
import { stripeSignatureHeader } from "@api/providers/payments/signing";
import type { SignedEvent } from "@api/providers/payments/types";
import { verifyWebhook, WEBHOOK_TOLERANCE_S } from "@api/providers/payments/webhook";

const SECRET = "whsec_unit_test";
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const NOW_S = NOW / 1000;

async function sandboxEvent(): Promise<SignedEvent> {
  const delivered: SignedEvent[] = [];
  const batch = new EventBatch();
  batch.add(7, "payment_intent.succeeded", { id: "pi_1", object: "payment_intent", amount: 1500, currency: "usd", metadata: { channel_id: "7", order_id: "42" } });
  await batch.flush({ now: NOW, secret: () => SECRET, deliver: async (e) => void delivered.push(e) });
  expect(delivered).toHaveLength(1);
  return delivered[0];
}

describe("payment webhook verification", () => {
  it("accepts a sandbox-signed event and returns it parsed, metadata included", async () => {
    const event = await sandboxEvent();
    expect(event.signature).toMatch(new RegExp(`^t=${NOW_S},v1=[0-9a-f]{64}$`));
    const check = await verifyWebhook(event.payload, event.signature, SECRET, NOW_S + 5);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.event.id).toBe(event.id);
    expect(check.event.type).toBe("payment_intent.succeeded");
    expect((check.event.data.object as { metadata: Record<string, string> }).metadata).toEqual({ channel_id: "7", order_id: "42" });
    expect(event.channelId).toBe(7);
  });

  it("rejects an unsigned event", async () => {
    const event = await sandboxEvent();
    expect(await verifyWebhook(event.payload, null, SECRET, NOW_S)).toMatchObject({ ok: false });
    expect(await verifyWebhook(event.payload, "", SECRET, NOW_S)).toMatchObject({ ok: false });
    expect(await verifyWebhook(event.payload, `t=${NOW_S}`, SECRET, NOW_S)).toMatchObject({ ok: false });
  });

  it("rejects a tampered body, a tampered signature and another channel's secret", async () => {
    const event = await sandboxEvent();
    const tampered = event.payload.replace('"amount":1500', '"amount":1');
    expect(tampered).not.toBe(event.payload);
    expect(await verifyWebhook(tampered, event.signature, SECRET, NOW_S)).toMatchObject({ ok: false });
    const flipped = event.signature.slice(0, -1) + (event.signature.endsWith("0") ? "1" : "0");
    expect(await verifyWebhook(event.payload, flipped, SECRET, NOW_S)).toMatchObject({ ok: false });
    expect(await verifyWebhook(event.payload, event.signature, "whsec_other_channel", NOW_S)).toMatchObject({ ok: false });
  });

  it("rejects a replay older than the 300 s tolerance, and accepts one just inside it", async () => {
    const event = await sandboxEvent();
    expect(WEBHOOK_TOLERANCE_S).toBe(300);
    expect(await verifyWebhook(event.payload, event.signature, SECRET, NOW_S + 300)).toMatchObject({ ok: true });
    expect(await verifyWebhook(event.payload, event.signature, SECRET, NOW_S + 301)).toMatchObject({ ok: false, reason: expect.stringMatching(/tolerance/i) });
  });

  it("signs exactly as Stripe documents: v1 = HMAC-SHA256(secret, `${t}.${payload}`) in hex", async () => {
    // Reference value computed independently with node:crypto.
    const { createHmac } = await import("node:crypto");
    const payload = '{"id":"evt_1","object":"event"}';
    const expected = createHmac("sha256", SECRET).update(`${NOW_S}.${payload}`).digest("hex");
    expect(await stripeSignatureHeader(payload, SECRET, NOW_S)).toBe(`t=${NOW_S},v1=${expected}`);
  });
});
