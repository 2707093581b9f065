// The checkout's ecommerce events (issue 6): one emitter for the analytics issue to subscribe to, in USD unless a
// currency is given (SPEC §9 "Default tracking currency USD").
import { afterEach, describe, expect, it, vi } from "vitest";
import { emitCommerceEvent, onCommerceEvent, type CommerceEvent } from "~/features/commerce/events";

const item = { id: 7, name: "Season Pass", price: 89.99 };
const unsubscribers: (() => void)[] = [];
afterEach(() => {
  for (const off of unsubscribers.splice(0)) off();
  vi.restoreAllMocks();
});

describe("commerce events", () => {
  it("defaults the currency to USD and keeps a given one", () => {
    const seen: CommerceEvent[] = [];
    unsubscribers.push(onCommerceEvent((e) => seen.push(e)));
    emitCommerceEvent({ name: "begin_checkout", value: 89.99, items: [item] });
    emitCommerceEvent({ name: "purchase", value: 80.99, items: [item], currency: "CAD", orderId: 3, coupon: "WELCOME10" });
    emitCommerceEvent({ name: "add_payment_info", value: 89.99, items: [item], currency: null });
    expect(seen.map((e) => [e.name, e.currency])).toEqual([
      ["begin_checkout", "USD"],
      ["purchase", "CAD"],
      ["add_payment_info", "USD"],
    ]);
    expect(seen[1]).toMatchObject({ orderId: 3, coupon: "WELCOME10", value: 80.99 });
  });

  it("stops calling a listener once it unsubscribes, and one failing listener does not stop the others", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const calls: string[] = [];
    const off = onCommerceEvent(() => calls.push("first"));
    unsubscribers.push(onCommerceEvent(() => {
      throw new Error("listener bug");
    }));
    unsubscribers.push(onCommerceEvent(() => calls.push("last")));
    emitCommerceEvent({ name: "purchase", value: 1, items: [] });
    off();
    emitCommerceEvent({ name: "purchase", value: 1, items: [] });
    expect(calls).toEqual(["first", "last", "last"]);
  });
});
