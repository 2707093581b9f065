// The Stripe adapter against a local HTTP stub (no network): the real SDK with its fetch client is pointed at
// 127.0.0.1 over http; the stub records each request and answers canned Stripe JSON. Asserts paths, form bodies and
// that every mutating POST carries the caller's deterministic Idempotency-Key.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderKey, userKey } from "@api/providers/payments/idempotency";
import { StripePaymentProvider } from "@api/providers/payments/stripe";

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  key: string | undefined;
}

const PERIOD_END = 1_790_000_000;
const coupon = { id: "co_1", object: "coupon", percent_off: 25, amount_off: null, currency: null, duration: "once", duration_in_months: null };
const sub = (extra: object) => ({ id: "sub_1", object: "subscription", cancel_at_period_end: false, trial_end: null, items: { object: "list", data: [{ current_period_end: PERIOD_END }] }, ...extra });
const declined = { error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined.", payment_intent: { id: "pi_declined", object: "payment_intent", status: "requires_payment_method" } } };

/** Canned answers by method and path; the payment method decides the PaymentIntent's fate, as Stripe's test cards do. */
function answer(r: Recorded): [number, unknown] {
  const route = `${r.method} ${r.path}`;
  switch (route) {
    case "POST /v1/customers":
      return [200, { id: "cus_1", object: "customer" }];
    case "POST /v1/setup_intents":
      return [200, { id: "seti_1", object: "setup_intent", client_secret: "seti_1_secret_abc" }];
    case "GET /v1/payment_methods":
      return [200, { object: "list", has_more: false, data: [{ id: "pm_1", object: "payment_method", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } }] }];
    case "POST /v1/payment_intents": {
      const pm = r.form.get("payment_method");
      if (pm === "pm_card_chargeDeclined") return [402, declined];
      if (pm === "pm_card_authenticationRequired") return [200, { id: "pi_3ds", object: "payment_intent", status: "requires_action", client_secret: "pi_3ds_secret_x" }];
      return [200, { id: "pi_ok", object: "payment_intent", status: "succeeded", payment_method: pm ?? "pm_from_token", client_secret: "pi_ok_secret_x" }];
    }
    case "GET /v1/payment_intents/pi_3ds":
      return [200, { id: "pi_3ds", object: "payment_intent", status: "succeeded", payment_method: "pm_card_authenticationRequired" }];
    case "GET /v1/payment_intents/pi_sub":
      return [200, { id: "pi_sub", object: "payment_intent", status: "requires_action", client_secret: "pi_sub_secret_y" }];
    case "POST /v1/products":
      return [400, { error: { type: "invalid_request_error", code: "resource_already_exists", message: "Product already exists." } }];
    case "GET /v1/promotion_codes":
      return [200, { object: "list", has_more: false, data: r.query.get("code") === "SAVE25" ? [{ id: "promo_1", object: "promotion_code", code: "SAVE25", promotion: { type: "coupon", coupon } }] : [] }];
    case "POST /v1/subscriptions":
      return r.form.get("trial_period_days")
        ? [200, sub({ status: "trialing", trial_end: PERIOD_END })]
        : [200, sub({ status: "incomplete", latest_invoice: { id: "in_1", object: "invoice", confirmation_secret: { client_secret: "pi_sub_secret_y", type: "payment_intent" } } })];
    case "POST /v1/subscriptions/sub_1":
      return [200, sub({ status: "active", cancel_at_period_end: true })];
    case "POST /v1/invoices/create_preview":
      return [200, { object: "invoice", currency: "usd", subtotal: 999, total: 749, total_discount_amounts: [{ amount: 250, discount: "di_1" }] }];
    case "POST /v1/billing_portal/sessions":
      return [200, { id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.test/session/bps_1" }];
    case "POST /v1/refunds":
      return [200, { id: "re_1", object: "refund", amount: Number(r.form.get("amount") ?? 1500), status: "succeeded" }];
    default:
      return [404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${route}).` } }];
  }
}

let server: Server;
let requests: Recorded[] = [];
let stripe: StripePaymentProvider;

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const header = req.headers["idempotency-key"];
    const r: Recorded = { method: req.method ?? "", path: url.pathname, query: url.searchParams, form: new URLSearchParams(await body(req)), key: Array.isArray(header) ? header[0] : header };
    requests.push(r);
    const [status, json] = answer(r);
    res.writeHead(status, { "content-type": "application/json", "request-id": "req_stub" }).end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  stripe = new StripePaymentProvider({ secretKey: "sk_test_stub", host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

const CH = 3;
const only = () => {
  expect(requests).toHaveLength(1);
  return requests[0];
};

describe("Stripe adapter (SDK against a local stub)", () => {
  it("customers and SetupIntents: channel metadata and the caller's keys", async () => {
    expect(await stripe.ensureCustomer({ channelId: CH, userId: 5, email: "a@example.com", name: "Ann" }, userKey(CH, 5, "customer"))).toEqual({ customerId: "cus_1" });
    let r = only();
    expect([r.path, r.key, r.form.get("email"), r.form.get("metadata[channel_id]"), r.form.get("metadata[user_id]")]).toEqual(["/v1/customers", "ch3-user-5-customer", "a@example.com", "3", "5"]);
    requests = [];
    expect(await stripe.createSetupIntent({ channelId: CH, customerId: "cus_1" }, userKey(CH, 5, "setup", 1))).toEqual({ id: "seti_1", clientSecret: "seti_1_secret_abc" });
    r = only();
    expect([r.path, r.key, r.form.get("customer"), r.form.get("usage"), r.form.get("allowed_payment_method_types[0]")]).toEqual(["/v1/setup_intents", "ch3-user-5-setup-1", "cus_1", "off_session", "card"]);
  });

  it("lists saved cards with a GET and no key", async () => {
    expect(await stripe.listCards({ channelId: CH, customerId: "cus_1" })).toEqual([{ id: "pm_1", brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 }]);
    const r = only();
    expect([r.method, r.path, r.query.get("customer"), r.query.get("type"), r.key]).toEqual(["GET", "/v1/payment_methods", "cus_1", "card", undefined]);
  });

  it("pays: succeeded, declined (402 → failed with Stripe's message), requires_action then confirmed", async () => {
    const base = { channelId: CH, customerId: "cus_1", amount: 1500, currency: "usd", metadata: { order_id: "42" } };
    expect(await stripe.pay({ ...base, source: { confirmationToken: "ctoken_1" }, saveCard: true }, orderKey(CH, 42, "pay"))).toEqual({ status: "succeeded", intentId: "pi_ok", paymentMethodId: "pm_from_token" });
    const r = only();
    expect(r.path).toBe("/v1/payment_intents");
    expect(r.key).toBe("ch3-order-42-pay-1");
    expect(Object.fromEntries(r.form)).toMatchObject({ amount: "1500", currency: "usd", customer: "cus_1", confirmation_token: "ctoken_1", confirm: "true", setup_future_usage: "off_session", "metadata[order_id]": "42", "metadata[channel_id]": "3" });

    requests = [];
    expect(await stripe.pay({ ...base, source: { paymentMethodId: "pm_card_chargeDeclined" } }, orderKey(CH, 43, "pay"))).toEqual({ status: "failed", intentId: "pi_declined", message: "Your card was declined.", code: "generic_decline" });
    expect(only().key).toBe("ch3-order-43-pay-1");

    requests = [];
    expect(await stripe.pay({ ...base, source: { paymentMethodId: "pm_card_authenticationRequired" } }, orderKey(CH, 44, "pay"))).toEqual({ status: "requires_action", intentId: "pi_3ds", clientSecret: "pi_3ds_secret_x" });
    requests = [];
    expect(await stripe.confirmPayment({ channelId: CH, intentId: "pi_3ds" }, orderKey(CH, 44, "confirm"))).toMatchObject({ status: "succeeded", intentId: "pi_3ds" });
    expect([only().method, only().path]).toEqual(["GET", "/v1/payment_intents/pi_3ds"]);
  });

  it("subscribes with inline monthly price, trial days and a promotion code", async () => {
    const plan = { amount: 999, currency: "usd", period: "month" as const, productKey: "ch3-product-7", productName: "Monthly" };
    const input = { channelId: CH, customerId: "cus_1", plan, paymentMethodId: "pm_1", trialDays: 7, promotionCode: "SAVE25", metadata: { order_id: "50" } };
    const result = await stripe.createSubscription(input, orderKey(CH, 50, "subscribe"));
    expect(result).toEqual({ id: "sub_1", status: "trialing", currentPeriodEnd: PERIOD_END * 1000, trialEnd: PERIOD_END * 1000, cancelAtPeriodEnd: false });
    expect(requests.map((r) => `${r.method} ${r.path} ${r.key ?? "-"}`)).toEqual([
      "GET /v1/promotion_codes -",
      "POST /v1/products ch3-order-50-subscribe-1-product",
      "POST /v1/subscriptions ch3-order-50-subscribe-1",
    ]);
    expect(requests[0].query.get("code")).toBe("SAVE25");
    expect(Object.fromEntries(requests[1].form)).toEqual({ id: "ch3-product-7", name: "Monthly" });
    expect(Object.fromEntries(requests[2].form)).toMatchObject({
      customer: "cus_1",
      "items[0][price_data][product]": "ch3-product-7",
      "items[0][price_data][unit_amount]": "999",
      "items[0][price_data][currency]": "usd",
      "items[0][price_data][recurring][interval]": "month",
      default_payment_method: "pm_1",
      trial_period_days: "7",
      "discounts[0][promotion_code]": "promo_1",
      payment_behavior: "allow_incomplete",
      "metadata[order_id]": "50",
      "metadata[channel_id]": "3",
      "expand[0]": "latest_invoice.confirmation_secret",
    });
  });

  it("an incomplete first invoice reports its PaymentIntent's confirmation step", async () => {
    const plan = { amount: 9900, currency: "usd", period: "annual" as const, productKey: "ch3-product-8", productName: "Annual", priceId: "price_annual" };
    const result = await stripe.createSubscription({ channelId: CH, customerId: "cus_1", plan, paymentMethodId: "pm_1", metadata: { order_id: "51" } }, orderKey(CH, 51, "subscribe"));
    expect(result).toMatchObject({ status: "incomplete", payment: { status: "requires_action", intentId: "pi_sub", clientSecret: "pi_sub_secret_y" } });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/subscriptions", "GET /v1/payment_intents/pi_sub"]);
    expect(requests[0].form.get("items[0][price]")).toBe("price_annual");
  });

  it("cancels at period end, previews an invoice, validates codes, opens the portal, refunds", async () => {
    expect(await stripe.cancelAtPeriodEnd({ channelId: CH, subscriptionId: "sub_1" }, orderKey(CH, 50, "cancel"))).toMatchObject({ cancelAtPeriodEnd: true });
    let r = only();
    expect([r.path, r.key, r.form.get("cancel_at_period_end")]).toEqual(["/v1/subscriptions/sub_1", "ch3-order-50-cancel-1", "true"]);

    requests = [];
    expect(await stripe.previewInvoice({ channelId: CH, customerId: "cus_1", amount: 999, currency: "usd", promotionCode: "SAVE25" })).toMatchObject({ subtotal: 999, discount: 250, total: 749, coupon: { id: "co_1", code: "SAVE25", percentOff: 25 } });
    r = requests[1];
    expect(r.path).toBe("/v1/invoices/create_preview");
    expect(Object.fromEntries(r.form)).toMatchObject({ customer: "cus_1", "invoice_items[0][amount]": "999", "invoice_items[0][currency]": "usd", "discounts[0][promotion_code]": "promo_1" });

    requests = [];
    expect(await stripe.validateCoupon({ channelId: CH, code: "NOPE" })).toBeNull();
    expect(await stripe.customerPortalUrl({ channelId: CH, customerId: "cus_1", returnUrl: "https://alpha.example.com/profile" })).toEqual({ url: "https://billing.stripe.test/session/bps_1" });
    expect(Object.fromEntries(requests[1].form)).toEqual({ customer: "cus_1", return_url: "https://alpha.example.com/profile" });

    requests = [];
    expect(await stripe.refund({ channelId: CH, intentId: "pi_ok", amount: 500, metadata: { order_id: "42" } }, orderKey(CH, 42, "refund"))).toEqual({ id: "re_1", amount: 500, status: "succeeded" });
    r = only();
    expect([r.path, r.key, r.form.get("payment_intent"), r.form.get("amount"), r.form.get("metadata[order_id]")]).toEqual(["/v1/refunds", "ch3-order-42-refund-1", "pi_ok", "500", "42"]);
  });

  it("an unknown promotion code is refused before anything is created", async () => {
    const plan = { amount: 999, currency: "usd", period: "month" as const, productKey: "p", productName: "P" };
    await expect(stripe.createSubscription({ channelId: CH, customerId: "cus_1", plan, paymentMethodId: "pm_1", promotionCode: "NOPE", metadata: {} }, orderKey(CH, 52, "subscribe"))).rejects.toMatchObject({ code: "resource_missing" });
    expect(requests.map((r) => r.path)).toEqual(["/v1/promotion_codes"]);
  });
});
