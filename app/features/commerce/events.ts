// The checkout's ecommerce events (issue 6) on one small emitter, like the player's: the shop and checkout emit, and
// whatever sends analytics (issue 14) subscribes. Amounts are major units; the currency defaults to USD (SPEC §9).
import { TRACKING_CURRENCY, type Currency } from "@api/contract/commerce-types";

/** /packages lists (view_item_list), a pass's own page shows one (view_item), then /buy's checkout steps. */
export type CommerceEventName = "view_item_list" | "view_item" | "begin_checkout" | "add_payment_info" | "purchase";

export interface CommerceItem {
  id: number;
  name: string;
  price: number;
}

export interface CommerceEvent {
  name: CommerceEventName;
  currency: Currency;
  /** The amount at stake; for a list, the sum of the prices shown. */
  value: number;
  items: CommerceItem[];
  /** view_item_list: which list. */
  list?: { id: string; name: string };
  /** purchase: the paid order. */
  orderId?: number;
  coupon?: string;
}

export type CommerceListener = (event: CommerceEvent) => void;

const listeners = new Set<CommerceListener>();

/** Subscribes to every checkout event; returns the unsubscribe function. */
export function onCommerceEvent(listener: CommerceListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Emits one event; the currency is USD unless given. A listener that throws is reported and skipped. */
export function emitCommerceEvent(event: Omit<CommerceEvent, "currency"> & { currency?: Currency | null }): void {
  const full: CommerceEvent = { ...event, currency: event.currency ?? TRACKING_CURRENCY };
  for (const listener of [...listeners]) {
    try {
      listener(full);
    } catch (error) {
      console.warn("commerce event listener failed:", error);
    }
  }
}
