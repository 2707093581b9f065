// The /buy form actions: apply a promo code, pay (or start a trial), and the confirmation step. Each answers what
// the page needs to show next; API refusals become inline messages in the SPEC's words, outages stay errors.
import type { BuyResult } from "@api/contract/commerce-types";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/cloudflare";
import type { TFunction } from "i18next";
import type { CommerceUserCalls, PaymentSourceBody } from "~/server/api/commerce.server";
import type { BuyTarget } from "./buy.server";
import { refusal } from "./buy.server";
import { commerceMessage, declineMessage } from "./format";
import { NEW_CARD, parseExpiry, paymentSchema, promoSchema } from "./payment-schema";

type ProductTarget = Extract<BuyTarget, { kind: "product" }>;

/** intent=coupon: a valid code goes into the URL (`promo`), so the loader prices with it; a refused one is inline. */
export async function applyPromo(form: FormData, url: URL, target: ProductTarget, calls: CommerceUserCalls, t: TFunction) {
  const submission = parseWithZod(form, { schema: promoSchema(t) });
  if (submission.status !== "success") return json({ intent: "coupon" as const, result: submission.reply(), buy: null }, { status: 422 });
  const code = submission.value.code.toUpperCase();
  try {
    await calls.applyCoupon(target.product.id, code);
  } catch (error) {
    const message = refusal(error);
    if (!message) throw error;
    return json({ intent: "coupon" as const, result: submission.reply({ fieldErrors: { code: [commerceMessage(t, message)] } }), buy: null }, { status: 422 });
  }
  url.searchParams.set("promo", code);
  return redirect(url.pathname + url.search);
}

/** What the order pays with: a saved card, Stripe's token, or the sandbox card form's typed card as a token. */
async function paymentSource(value: ReturnType<typeof paymentSchema>["_output"], calls: CommerceUserCalls): Promise<PaymentSourceBody> {
  if (value.payment_method !== NEW_CARD) return { payment_method_id: value.payment_method };
  if (value.confirmation_token) return { confirmation_token: value.confirmation_token };
  const expiry = parseExpiry(value.expiry ?? "")!;
  const { token } = await calls.sandboxToken({ number: (value.number ?? "").replace(/[\s-]/g, ""), exp_month: expiry.month, exp_year: expiry.year, cvc: value.cvc ?? "" });
  return { confirmation_token: token };
}

/** intent=pay: buy, buy_bundle or start_trial; the answer (pending, requires_action or failed) drives the page. */
export async function pay(form: FormData, url: URL, target: ProductTarget, calls: CommerceUserCalls, t: TFunction, lang: string, now: Date) {
  const submission = parseWithZod(form, { schema: paymentSchema(t, now) });
  if (submission.status !== "success") return json({ intent: "pay" as const, result: submission.reply(), buy: null }, { status: 422 });
  const value = submission.value;
  let source: PaymentSourceBody;
  try {
    source = await paymentSource(value, calls);
  } catch (error) {
    const message = refusal(error);
    if (!message) throw error;
    return json({ intent: "pay" as const, result: submission.reply({ fieldErrors: { number: [commerceMessage(t, message)] } }), buy: null }, { status: 422 });
  }
  const { product } = target;
  const code = url.searchParams.get("promo") ?? undefined;
  const save_card = value.save_card ?? false;
  const key = String(form.get("idempotency_key") ?? "");
  const idempotency_key = /^[\w-]{8,100}$/.test(key) ? key : undefined;
  try {
    let buy: BuyResult;
    const trial = product.kind === "subscription" && form.get("mode") === "trial";
    if (trial) buy = await calls.startTrial(product.id, source, { save_card, idempotency_key });
    else if (product.kind === "bundle") buy = await calls.buyBundle(product.id, source, { code, save_card, idempotency_key });
    else if (product.kind === "subscription") buy = await calls.buy({ subscription_id: product.id, code, save_card, idempotency_key }, source);
    else if (target.eventId !== null && product.event_id !== null) buy = await calls.buy({ event_id: target.eventId, single_event_package_id: product.id, code, save_card, idempotency_key }, source);
    else {
      const picks = { ...(target.categoryIds.length ? { category_ids: target.categoryIds } : {}), ...(target.participantIds.length ? { participant_ids: target.participantIds } : {}) };
      buy = await calls.buy({ package_id: product.id, ...picks, code, save_card, idempotency_key }, source);
    }
    const message = buy.status === "failed" ? declineMessage(t, buy.message, lang) : null;
    // `trial` tells the page which confirmation to show, even when the form was sent before the page's scripts ran.
    return json({ intent: "pay" as const, result: submission.reply(), buy: { ...buy, message }, trial });
  } catch (error) {
    const message = refusal(error);
    if (!message) throw error;
    return json({ intent: "pay" as const, result: submission.reply({ formErrors: [commerceMessage(t, message)] }), buy: null }, { status: 422 });
  }
}

/** intent=confirm: the confirmation step done in the browser (passed, or failed: authenticated=0); the API settles. */
export async function confirm(form: FormData, calls: CommerceUserCalls, t: TFunction, lang: string) {
  const orderId = Number(form.get("order_id"));
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return json({ intent: "confirm" as const, result: null, buy: null, error: t("commerce:messages.generic") }, { status: 422 });
  try {
    const buy = await calls.confirmPayment(orderId, form.get("authenticated") !== "0");
    return json({ intent: "confirm" as const, result: null, buy: { ...buy, message: buy.status === "failed" ? declineMessage(t, buy.message, lang) : null }, error: null });
  } catch (error) {
    const message = refusal(error);
    if (!message) throw error;
    return json({ intent: "confirm" as const, result: null, buy: null, error: commerceMessage(t, message) }, { status: 422 });
  }
}
