// Query and body schemas of the commerce calls (SPEC §7 "Payments"). Wire shapes are in commerce-types.ts, which
// stays zod-free for the browser.
import { z } from "zod";
import { langQuerySchema } from "./common";
import { PLAYBACK_MESSAGES } from "./media";

/** GET packages, subscriptions (public: no api key needed, but one may be sent). */
export const productListQuerySchema = langQuerySchema.extend({ api_key: z.string().optional() });

/** packages/{id}, subscriptions/{id}: a positive integer id; anything else is a 422, never a 500. */
export const productIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

const optionalId = z.coerce.number().int().positive().optional();

/** Promo codes as typed: trimmed, matched case-insensitively. */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, "Field is required")
  .max(64, "Field length must be less than 64")
  .transform((v) => v.toUpperCase());

/** GET apply_coupon: a code for a product. */
export const applyCouponQuerySchema = langQuerySchema.extend({
  api_key: z.string().optional(),
  code: promoCodeSchema,
  product_id: z.coerce.number().int().positive(),
});

/** POST /stripe/invoice-preview: what the buyer would pay today and later. */
export const invoicePreviewBodySchema = z.object({
  api_key: z.string().optional(),
  product_id: z.coerce.number().int().positive(),
  code: promoCodeSchema.optional(),
});

/** SPEC §2 /buy query parameters: what is being bought. */
export const buyQuerySchema = z.object({
  event_id: optionalId,
  single_event_package_id: optionalId,
  package_id: optionalId,
  subscription_id: optionalId,
});

/** GET /simulate: what to watch, by event, team or sport (exactly one). */
export const simulateQuerySchema = langQuerySchema
  .extend({ api_key: z.string().optional(), event_id: optionalId, participant_id: optionalId, event_category_id: optionalId })
  .refine((q) => [q.event_id, q.participant_id, q.event_category_id].filter((v) => v !== undefined).length === 1, {
    message: "Give one of event_id, participant_id or event_category_id",
    path: ["event_id"],
  });

/** GET /purchase-state: what the viewer already holds of one product, or of each (issue 28: the verdict the shop renders). */
export const purchaseStateQuerySchema = z.object({
  api_key: z.string().optional(),
  product_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "The product_id must be a whole number" }).int("The product_id must be a whole number").positive("The product_id must be a whole number").optional()),
});

// ---- Checkout and orders (issue 6 part 2: api/routes/checkout.ts, orders.ts) ----------------------------------

/** Form posts send "1"/"true"/"on"; JSON sends booleans. */
const flag = z.preprocess((v) => v === true || v === "1" || v === "true" || v === "on", z.boolean());
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Picked categories or teams: a JSON array, or "3,5" as /buy's query carries them. */
const idList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.coerce.number().int().positive()).max(100),
);

const sourceFields = {
  /** A saved card (pm_…), or Stripe's test `pm_card_*`. */
  payment_method_id: z.preprocess(blankToUndefined, z.string().trim().min(3).max(255).optional()),
  /** A one-time token from Stripe.js, or from POST /stripe/sandbox/tokens. */
  confirmation_token: z.preprocess(blankToUndefined, z.string().trim().min(3).max(255).optional()),
  save_card: flag.optional(),
  /**
   * Names one checkout attempt (the web sends a fresh one per "Pay" press): a retry with the same key answers the
   * first result and never charges again.
   */
  idempotency_key: z.preprocess(blankToUndefined, z.string().trim().min(8).max(100).regex(/^[\w-]+$/, "Field format is invalid").optional()),
  code: z.preprocess(blankToUndefined, promoCodeSchema.optional()),
  api_key: z.string().optional(),
};

/** POST stripe/buy: what is bought (SPEC §2 /buy parameters), the buyer's picks, how it is paid. */
export const buyBodySchema = z.object({
  event_id: z.preprocess(blankToUndefined, optionalId),
  single_event_package_id: z.preprocess(blankToUndefined, optionalId),
  package_id: z.preprocess(blankToUndefined, optionalId),
  subscription_id: z.preprocess(blankToUndefined, optionalId),
  category_ids: z.preprocess(blankToUndefined, idList.optional()),
  participant_ids: z.preprocess(blankToUndefined, idList.optional()),
  ...sourceFields,
});
export type BuyBody = z.infer<typeof buyBodySchema>;

/** POST stripe/buy_bundle. */
export const buyBundleBodySchema = z.object({ bundle_id: z.coerce.number().int().positive(), ...sourceFields });

/** POST /stripe/subscription/start_trial. */
export const startTrialBodySchema = z.object({ subscription_id: z.coerce.number().int().positive(), ...sourceFields });

/** POST /stripe/confirm-payment, stripe/unsubscribe. */
export const orderIdBodySchema = z.object({ api_key: z.string().optional(), order_id: z.coerce.number().int().positive() });

/** POST /stripe/confirm-payment: `authenticated: false` when the buyer failed or abandoned the confirmation step. */
export const confirmPaymentBodySchema = orderIdBodySchema.extend({
  authenticated: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]).default(true),
});

/** POST /stripe/sandbox/tokens: the sandbox card form (Stripe.js's role with Stripe). */
export const sandboxTokenBodySchema = z.object({
  api_key: z.string().optional(),
  number: z.string().trim().min(12, "Your card number is incorrect.").max(23, "Your card number is incorrect.").regex(/^[\d -]+$/, "Your card number is incorrect."),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int().transform((y) => (y < 100 ? 2000 + y : y)),
  cvc: z.string().trim().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});

/** GET orders: everything (no_limit) unless a page is asked for. */
export const ordersQuerySchema = langQuerySchema.extend({
  api_key: z.string().optional(),
  no_limit: z.enum(["0", "1", "true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** GET /stripe/customer-portal: where the portal sends the viewer back (a path or an http(s) URL). */
export const customerPortalQuerySchema = z.object({
  api_key: z.string().optional(),
  return_url: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v.startsWith("/") || /^https?:\/\//i.test(v), "Field format is invalid")
    .optional(),
});

/** Checkout messages the SPEC has no words for (the web app translates them by key). */
export const CHECKOUT_MESSAGES = {
  freeEvent: "This event is free: there is nothing to buy",
  alreadyPurchased: "You already have this pass",
  selectionInvalid: "Please choose from the available options",
  trialUsed: "Your free trial has already been used",
  notSubscription: "This order does not renew",
  notConfirmable: "This payment does not need a confirmation",
  inProgress: "Your payment is being processed",
  parentPassMissing: "This add-on needs its pass first",
  /** SPEC §6: a blocked country is told so at checkout, before any payment, in the words playback uses. */
  regionBlocked: PLAYBACK_MESSAGES.geo,
} as const;
