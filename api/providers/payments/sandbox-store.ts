// The sandbox's shared steps on its D1 state: customers, payment methods (test cards) and charges. Every query is
// scoped by channel, so another channel's id is "No such …" exactly like an id from another Stripe account.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type CardBehaviour, sandboxCustomers, sandboxPaymentIntents, sandboxPaymentMethods } from "../../db/payments-schema";
import { declineOf, newId, TEST_CARDS, TEST_PAYMENT_METHODS } from "./sandbox-cards";
import { type EventBatch, intentObject } from "./sandbox-events";
import { type PaymentMetadata, PaymentProviderError, type PaymentResult, type PaymentSource, type SavedCard } from "./types";

export interface SandboxContext {
  db: Db;
  now: number;
  events: EventBatch;
}

export type CustomerRow = typeof sandboxCustomers.$inferSelect;
export type MethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

export const missing = (what: string, id: string) => new PaymentProviderError("resource_missing", `No such ${what}: '${id}'`);

export async function getCustomer(ctx: SandboxContext, channelId: number, customerId: string): Promise<CustomerRow> {
  const row = await ctx.db.query.sandboxCustomers.findFirst({ where: and(eq(sandboxCustomers.channelId, channelId), eq(sandboxCustomers.id, customerId)) });
  if (!row) throw missing("customer", customerId);
  return row;
}

export function cardOf(row: MethodRow): SavedCard {
  return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}

/** Stores a card from a test number (expiry: Stripe's test PaymentMethods expire next year's December). */
export async function insertCard(
  ctx: SandboxContext,
  channelId: number,
  card: { number: string; expMonth?: number; expYear?: number; token?: string; customerId?: string },
): Promise<MethodRow> {
  const test = TEST_CARDS[card.number];
  const [row] = await ctx.db
    .insert(sandboxPaymentMethods)
    .values({
      id: newId("pm"),
      channelId,
      customerId: card.customerId ?? null,
      token: card.token ?? null,
      brand: test.brand,
      last4: card.number.slice(-4),
      expMonth: card.expMonth ?? 12,
      expYear: card.expYear ?? new Date(ctx.now).getUTCFullYear() + 1,
      behaviour: test.behaviour,
      createdAt: ctx.now,
    })
    .returning();
  return row;
}

/** The card a payment uses: a `pm_card_*` alias (a fresh card each time, as in Stripe), a stored pm_ or a token. */
export async function resolveSource(ctx: SandboxContext, channelId: number, customerId: string, source: PaymentSource): Promise<MethodRow> {
  if ("paymentMethodId" in source) {
    const alias = TEST_PAYMENT_METHODS[source.paymentMethodId];
    if (alias) return insertCard(ctx, channelId, { number: alias });
    const row = await ctx.db.query.sandboxPaymentMethods.findFirst({
      where: and(eq(sandboxPaymentMethods.channelId, channelId), eq(sandboxPaymentMethods.id, source.paymentMethodId)),
    });
    if (!row) throw missing("PaymentMethod", source.paymentMethodId);
    return ownedBy(row, customerId);
  }
  const row = await ctx.db.query.sandboxPaymentMethods.findFirst({
    where: and(eq(sandboxPaymentMethods.channelId, channelId), eq(sandboxPaymentMethods.token, source.confirmationToken)),
  });
  if (!row) throw missing("confirmation token", source.confirmationToken);
  return ownedBy(row, customerId);
}

/** A card saved on one customer cannot pay for another (Stripe refuses it the same way). */
function ownedBy(row: MethodRow, customerId: string): MethodRow {
  if (row.customerId && row.customerId !== customerId) {
    throw new PaymentProviderError("payment_method_unexpected_state", "The provided PaymentMethod belongs to another customer.");
  }
  return row;
}

/** Saves the card on the customer; the first saved card becomes the default for renewals. */
export async function attachCard(ctx: SandboxContext, customer: CustomerRow, method: MethodRow): Promise<void> {
  if (method.customerId !== customer.id) {
    await ctx.db
      .update(sandboxPaymentMethods)
      .set({ customerId: customer.id })
      .where(and(eq(sandboxPaymentMethods.channelId, customer.channelId), eq(sandboxPaymentMethods.id, method.id)));
  }
  if (!customer.defaultPaymentMethodId) {
    await ctx.db
      .update(sandboxCustomers)
      .set({ defaultPaymentMethodId: method.id })
      .where(and(eq(sandboxCustomers.channelId, customer.channelId), eq(sandboxCustomers.id, customer.id)));
  }
}

/** What a card does when charged: on-session a 3155 card asks for authentication; set up for off-session it pays. */
function outcome(behaviour: CardBehaviour, offSession: boolean): "succeeded" | "requires_action" | "requires_payment_method" {
  if (behaviour === "succeed") return "succeeded";
  if (behaviour === "authenticate") return offSession ? "succeeded" : "requires_action";
  return "requires_payment_method";
}

export function resultOf(row: IntentRow): PaymentResult {
  if (row.status === "succeeded") return { status: "succeeded", intentId: row.id, paymentMethodId: row.paymentMethodId };
  if (row.status === "requires_action") return { status: "requires_action", intentId: row.id, clientSecret: row.clientSecret };
  return { status: "failed", intentId: row.id, message: row.declineMessage ?? "Your card was declined.", code: row.declineCode ?? "card_declined" };
}

export interface ChargeInput {
  channelId: number;
  customer: CustomerRow;
  method: MethodRow;
  amount: number;
  currency: string;
  metadata: PaymentMetadata;
  saveCard: boolean;
  offSession: boolean;
  subscriptionId?: string;
}

/**
 * Creates and confirms a PaymentIntent. One-off payments emit payment_intent.succeeded|payment_failed; a
 * subscription's invoice payment is reported by its invoice events instead (the caller emits those).
 */
export async function charge(ctx: SandboxContext, input: ChargeInput): Promise<IntentRow> {
  const id = newId("pi");
  const status = outcome(input.method.behaviour, input.offSession);
  const decline = status === "requires_payment_method" ? declineOf(input.method.last4, input.method.behaviour) : null;
  const [row] = await ctx.db
    .insert(sandboxPaymentIntents)
    .values({
      id,
      channelId: input.channelId,
      customerId: input.customer.id,
      amount: input.amount,
      currency: input.currency,
      status,
      paymentMethodId: input.method.id,
      clientSecret: `${id}_secret_${newId("s").slice(2)}`,
      declineCode: decline?.code ?? null,
      declineMessage: decline?.message ?? null,
      saveCard: input.saveCard,
      subscriptionId: input.subscriptionId ?? null,
      metadata: input.metadata,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (status === "succeeded" && input.saveCard) await attachCard(ctx, input.customer, input.method);
  if (!input.subscriptionId && status !== "requires_action") {
    ctx.events.add(input.channelId, status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed", intentObject(row));
  }
  return row;
}

export async function getIntent(ctx: SandboxContext, channelId: number, intentId: string): Promise<IntentRow> {
  const row = await ctx.db.query.sandboxPaymentIntents.findFirst({ where: and(eq(sandboxPaymentIntents.channelId, channelId), eq(sandboxPaymentIntents.id, intentId)) });
  if (!row) throw missing("payment_intent", intentId);
  return row;
}
