// Query and body schemas of the commerce calls (SPEC §7 "Payments"). Wire shapes are in commerce-types.ts, which
// stays zod-free for the browser.
import { z } from "zod";
import { langQuerySchema } from "./common";

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
