// Deterministic idempotency keys. A key names the business step, not the request, so a retry of the same step (a
// double click, a replayed queue message, a retry after a timeout) reuses it and the provider answers the
// first result instead of charging again. A new attempt after a failure is a new step number.

export type PaymentStep = "customer" | "setup" | "pay" | "confirm" | "abandon" | "subscribe" | "cancel" | "refund";

/** `ch<channel>-order-<id>-<step>-<attempt>`, e.g. `ch3-order-42-pay-1`. */
export function orderKey(channelId: number, orderId: number, step: PaymentStep, attempt = 1): string {
  return `ch${channelId}-order-${orderId}-${step}-${attempt}`;
}

/** Keys not tied to an order: `ch<channel>-user-<id>-customer`, `ch<channel>-user-<id>-setup-<n>`. */
export function userKey(channelId: number, userId: number, step: PaymentStep, attempt?: number): string {
  return `ch${channelId}-user-${userId}-${step}${attempt === undefined ? "" : `-${attempt}`}`;
}
