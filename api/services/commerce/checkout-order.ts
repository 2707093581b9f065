// What a checkout's order will be (SPEC §4 "Checkout preparation"): what it covers (the buyer's picks on a choosable
// pass), the pass an addon sits on, and the order row the access rules read from the moment it is paid. Pure: the
// flows in checkout.ts read the buyer's orders and write the row.
import { CHECKOUT_MESSAGES } from "../../contract/commerce";
import { COMMERCE_MESSAGES } from "../../contract/commerce-types";
import type { OrderRow, ProductRow } from "../../db/commerce-schema";
import type { NewOrder } from "../../db/repos/commerce-orders";
import { ApiError } from "../../lib/errors";
import { periodEnd } from "./pricing";
import { purchaseState, selectionFits } from "./rules";

export const unprocessable = (message: string, field?: string) => new ApiError(422, message, field ? { [field]: [message] } : undefined);

/** Who buys, where, when, and through which provider: what an order row records of its checkout. */
export interface OrderScope {
  channelId: number;
  userId: number;
  now: number;
  provider: string;
}

/** The categories and teams an order covers: the buyer's picks on a choosable pass, else all of the product's. */
export function coverage(product: ProductRow, picks: { categories?: number[]; participants?: number[] }, held: readonly OrderRow[], now: number) {
  const choosable = product.kind === "package" && product.eventId === null && product.passType === "regular" && product.maxChoices !== null;
  if (!choosable) return { categories: product.eventCategoryIds, participants: product.participantIds };
  const field = product.isTeamPass ? "participant_ids" : "category_ids";
  const picked = (product.isTeamPass ? picks.participants : picks.categories) ?? [];
  if (!picked.length) throw unprocessable(COMMERCE_MESSAGES.idNotSelected, field);
  if (!selectionFits(product, picked, purchaseState(product, held, now))) throw unprocessable(CHECKOUT_MESSAGES.selectionInvalid, field);
  return product.isTeamPass ? { categories: product.eventCategoryIds, participants: picked } : { categories: picked, participants: product.participantIds };
}

/** The order columns the access rules read, filled from the product now, so access works the moment it is paid. */
export function orderFor(ck: OrderScope, product: ProductRow, cover: { categories: number[]; participants: number[] }, eventId: number | null): NewOrder {
  const subscription = product.kind === "subscription";
  return {
    channelId: ck.channelId,
    userId: ck.userId,
    type: eventId !== null ? "event" : subscription ? "subscription" : "package",
    productId: eventId ?? product.id,
    singleEventPackageId: eventId !== null ? product.id : null,
    eventCategoryId: cover.categories.length === 1 ? cover.categories[0] : null,
    participantId: cover.participants.length === 1 ? cover.participants[0] : null,
    selectedCategoryIds: cover.categories,
    selectedParticipantIds: cover.participants,
    capabilities: product.capabilities,
    limits: product.limits,
    startsAt: ck.now,
    // A season-long pass runs one period from the purchase; subscriptions run to their period end (webhook).
    endsAt: !subscription && product.period ? periodEnd(ck.now, product.period) : null,
    currency: product.currency,
    provider: ck.provider,
    autoRenew: subscription,
    renewalStatus: subscription ? "active" : null,
    subscriptionStatus: subscription ? "inactive" : null,
    createdAt: ck.now,
    updatedAt: ck.now,
  };
}

/** An addon sits on a pass the buyer holds (paid and active now). */
export function parentOf(product: ProductRow, held: readonly OrderRow[]): number | null {
  if (product.passType !== "addition" || product.addonOf === null) return null;
  const parent = held.find((o) => o.type === "package" && o.productId === product.addonOf);
  if (!parent) throw unprocessable(CHECKOUT_MESSAGES.parentPassMissing);
  return parent.id;
}
