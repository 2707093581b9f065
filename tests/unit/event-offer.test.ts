// The offer beside an upcoming paid event's countdown (issue 12) is the API's /simulate verdict, as it is: nothing to
// buy for a free event, "owned" when an option is owned, else the first (recommended) option with its link.
import { describe, expect, it } from "vitest";
import type { SimulateOptionWire, SimulateResultWire } from "@api/contract/commerce-types";
import { offerFrom, watchOptions } from "~/features/events/offer";

const option = (over: Partial<SimulateOptionWire>): SimulateOptionWire =>
  ({ product: { id: 1, name: "Game pass" }, price: 9.99, effective_price: 9.99, currency: "USD", owned: false, trial_days: 0, link: "/buy?package_id=1", ...over }) as SimulateOptionWire;
const result = (options: SimulateOptionWire[], needs_purchase = true): SimulateResultWire => ({ target: { kind: "event", id: 7, name: "A @ B" }, needs_purchase, options });

describe("offerFrom", () => {
  it("offers nothing when nothing needs buying, or nothing can be bought", () => {
    expect(offerFrom(result([option({})], false), 7)).toBeNull();
    expect(offerFrom(result([]), 7)).toBeNull();
    expect(offerFrom(result([option({ link: null })]), 7)).toBeNull();
  });

  it("says owned when the viewer holds one of the options, wherever it ranks", () => {
    expect(offerFrom(result([option({}), option({ owned: true, effective_price: 0, link: "/watch/7" })]), 7)).toEqual({ kind: "owned" });
  });

  it("else the API's first option: its name, price, currency, trial and link", () => {
    const first = option({ product: { id: 2, name: "Monthly Plan" } as SimulateOptionWire["product"], price: 17.99, currency: "CAD", trial_days: 7, link: "/buy?subscription_id=2" });
    expect(offerFrom(result([first, option({})]), 7)).toEqual({ kind: "buy", name: "Monthly Plan", price: 17.99, currency: "CAD", trialDays: 7, href: "/buy?subscription_id=2" });
  });

  it("offers a pay-per-view event's own ticket first, even when a plan's trial costs less today", () => {
    const trial = option({ product: { id: 2, name: "Monthly Plan", event_id: null } as SimulateOptionWire["product"], price: 14.99, effective_price: 0, trial_days: 30, link: "/buy?subscription_id=2" });
    const ticket = option({ product: { id: 5, name: "A @ B", event_id: 7 } as SimulateOptionWire["product"], price: 4.99, effective_price: 4.99, link: "/buy?event_id=7&single_event_package_id=5" });
    expect(offerFrom(result([trial, ticket]), 7)).toMatchObject({ kind: "buy", name: "A @ B", price: 4.99, href: "/buy?event_id=7&single_event_package_id=5" });
    // Another event's ticket is not this one's.
    expect(offerFrom(result([trial, ticket]), 8)).toMatchObject({ name: "Monthly Plan" });
  });
});

describe("watchOptions", () => {
  it("lists every way with a link, the event's own ticket first, then the API's order; nothing once one is owned", () => {
    const plan = option({ product: { id: 2, name: "Monthly Plan", event_id: null, period: "month" } as SimulateOptionWire["product"], price: 14.99, effective_price: 0, trial_days: 30, link: "/buy?subscription_id=2" });
    const pass = option({ product: { id: 3, name: "Basketball pass", event_id: null } as SimulateOptionWire["product"], link: "/select-package/3" });
    const ticket = option({ product: { id: 5, name: "A @ B", event_id: 7 } as SimulateOptionWire["product"], price: 4.99, link: "/buy?event_id=7&single_event_package_id=5" });
    const bundleless = option({ product: { id: 6, name: "Nothing to buy", event_id: null } as SimulateOptionWire["product"], link: null });
    expect(watchOptions(result([plan, pass, ticket, bundleless]), 7)).toEqual([
      { id: 5, name: "A @ B", price: 4.99, currency: "USD", href: "/buy?event_id=7&single_event_package_id=5", trialDays: 0, own: true, period: undefined },
      { id: 2, name: "Monthly Plan", price: 14.99, currency: "USD", href: "/buy?subscription_id=2", trialDays: 30, own: false, period: "month" },
      { id: 3, name: "Basketball pass", price: 9.99, currency: "USD", href: "/select-package/3", trialDays: 0, own: false, period: undefined },
    ]);
    expect(watchOptions(result([plan, option({ owned: true, link: "/watch/7" })]), 7)).toEqual([]);
    expect(watchOptions(result([plan], false), 7)).toEqual([]);
  });
});
