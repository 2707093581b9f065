// The purchase calls (SPEC §7 "Payments" POSTs, list-cards, customer portal, invoice preview, apply_coupon): the
// flows live in services/commerce/checkout.ts; here are the inputs (zod), the signed-in buyer and the answers.
// Every call needs the api key and a Bearer user; the channel comes from the host.
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../context";
import { safeRedirectPath } from "../lib/safe-redirect";
import {
  applyCouponQuerySchema,
  buyBodySchema,
  buyBundleBodySchema,
  customerPortalQuerySchema,
  invoicePreviewBodySchema,
  confirmPaymentBodySchema, orderIdBodySchema,
  sandboxTokenBodySchema,
  startTrialBodySchema,
} from "../contract/commerce";
import type { Order, SavedCardWire } from "../contract/commerce-types";
import { hasTrialOrder } from "../db/repos/commerce-orders";
import { coupons, products } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { body, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { PaymentProviderError, userKey } from "../providers/payments";
import { buy, buyBundle, type Checkout, confirmOrder, startTrial, unsubscribe } from "../services/commerce/checkout";
import { checkCoupon, invoicePreview, invoicePreviewWire } from "../services/commerce/pricing";
import { customerOf, paymentsFor, providerError, storedCustomer } from "../services/commerce/provider";
import { trialEligible } from "../services/commerce/rules";
import { requestGeoBlocked } from "../services/auth/users";
import { requestLang } from "../services/lang";
import { loadOrderWire } from "./orders";

const checkout = (c: Context<AppEnv>): Checkout => ({
  db: c.get("db"),
  payments: paymentsFor(c),
  channelId: c.get("channel").id,
  user: c.get("user"),
  now: c.get("now")(),
  geoBlocked: requestGeoBlocked(c),
});

/** What the invoice preview and apply_coupon price: an active product of the channel (another channel's id: 404). */
async function pricedProduct(c: Context<AppEnv>, productId: number) {
  const row = await c.get("db").query.products.findFirst({ where: and(eq(products.channelId, c.get("channel").id), eq(products.id, productId), eq(products.active, true)) });
  if (!row) throw notFound();
  return row;
}

/** The preview with the coupon applied; SPEC §5 words for a wrong or unusable code. */
async function preview(c: Context<AppEnv>, productId: number, code: string | undefined) {
  const db = c.get("db");
  const channelId = c.get("channel").id;
  const now = c.get("now")();
  const product = await pricedProduct(c, productId);
  let coupon = null;
  if (code) {
    const rows = await db.select().from(coupons).where(eq(coupons.channelId, channelId));
    const check = checkCoupon(code, rows, { id: product.id, currency: product.currency }, now);
    if (!check.ok) throw new ApiError(422, check.message, { code: [check.message] });
    coupon = check.coupon;
  }
  const user = c.get("user");
  const eligible = trialEligible({ trial_period_used: user.trialPeriodUsed }, product) && !(await hasTrialOrder(db, channelId, user.id));
  return invoicePreviewWire(invoicePreview({ product, coupon, trialEligible: eligible, now }));
}

const buyer = [requireApiKey, requireUser()] as const;

export const checkoutRoutes = new Hono<AppEnv>()
  /** The sandbox card form's stand-in for Stripe.js; with Stripe configured, cards never reach our server (404). */
  .post("/stripe/sandbox/tokens", ...buyer, body(sandboxTokenBodySchema), async (c) => {
    const { sandbox } = paymentsFor(c);
    if (!sandbox) throw notFound();
    const card = c.req.valid("json");
    try {
      const { token } = await sandbox.tokenizeCard({ channelId: c.get("channel").id, number: card.number, expMonth: card.exp_month, expYear: card.exp_year });
      return c.json({ data: { token } });
    } catch (error) {
      // Stripe.js answers a bad card in its own words; the form shows them under the number.
      if (error instanceof PaymentProviderError) throw new ApiError(422, error.message, { number: [error.message] });
      throw error;
    }
  })
  .post("/stripe/buy", ...buyer, body(buyBodySchema), async (c) => c.json({ data: await buy(checkout(c), c.req.valid("json")) }))
  .post("/stripe/buy_bundle", ...buyer, body(buyBundleBodySchema), async (c) => c.json({ data: await buyBundle(checkout(c), c.req.valid("json")) }))
  .post("/stripe/subscription/start_trial", ...buyer, body(startTrialBodySchema), async (c) => c.json({ data: await startTrial(checkout(c), c.req.valid("json")) }))
  .post("/stripe/confirm-payment", ...buyer, body(confirmPaymentBodySchema), async (c) => {
    const { order_id, authenticated } = c.req.valid("json");
    return c.json({ data: await confirmOrder(checkout(c), order_id, authenticated) });
  })
  .post("/stripe/unsubscribe", ...buyer, body(orderIdBodySchema), async (c) => {
    const row = await unsubscribe(checkout(c), c.req.valid("json").order_id);
    const data: Order = await loadOrderWire(c.get("db"), c.get("channel").id, row, requestLang(undefined, c.get("channel")));
    return c.json({ data });
  })
  .post("/stripe/setup-intent", ...buyer, async (c) => {
    const ck = checkout(c);
    const customerId = await customerOf(ck.db, ck.payments, ck.channelId, ck.user, ck.now).catch(providerError);
    // Each press makes a new SetupIntent; the clock tells presses apart, a double submit in the same ms replays.
    const si = await ck.payments.provider.createSetupIntent({ channelId: ck.channelId, customerId }, userKey(ck.channelId, ck.user.id, "setup", ck.now)).catch(providerError);
    return c.json({ data: { id: si.id, client_secret: si.clientSecret } });
  })
  .get("/stripe/list-cards", ...buyer, async (c) => {
    const ck = checkout(c);
    const customerId = await storedCustomer(ck.db, ck.payments, ck.channelId, ck.user.id);
    const cards = customerId ? await ck.payments.provider.listCards({ channelId: ck.channelId, customerId }).catch(providerError) : [];
    const data: SavedCardWire[] = cards.map((card) => ({ id: card.id, brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear }));
    return c.json({ data });
  })
  .get("/stripe/customer-portal", ...buyer, query(customerPortalQuerySchema), async (c) => {
    const ck = checkout(c);
    const asked = c.req.valid("query").return_url ?? "/profile";
    // Back to this channel's own site only: an absolute URL of another origin is replaced by the profile page.
    const origin = new URL(c.req.url).origin;
    const returnUrl = `${origin}${safeRedirectPath(asked, "/profile", origin)}`;
    const customerId = await customerOf(ck.db, ck.payments, ck.channelId, ck.user, ck.now).catch(providerError);
    const { url } = await ck.payments.provider.customerPortalUrl({ channelId: ck.channelId, customerId, returnUrl }).catch(providerError);
    return c.json({ data: { url } });
  })
  .post("/stripe/invoice-preview", ...buyer, body(invoicePreviewBodySchema), async (c) => {
    const { product_id, code } = c.req.valid("json");
    return c.json({ data: await preview(c, product_id, code) });
  })
  .get("/apply_coupon", ...buyer, query(applyCouponQuerySchema), async (c) => {
    const { product_id, code } = c.req.valid("query");
    return c.json({ data: await preview(c, product_id, code) });
  });
