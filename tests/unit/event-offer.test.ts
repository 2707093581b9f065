// The offer beside an upcoming paid event's countdown (issue 12) is the API's /simulate verdict, as it is: nothing to
// buy for a free event, "owned" when an option is owned, else the first (recommended) option with its link.
import { describe, expect, it } from "vitest";
import type { SimulateOptionWire, SimulateResultWire } from "@api/contract/commerce-types";
import { offerFrom } from "~/features/events/offer";

const option = (over: Partial<SimulateOptionWire>): SimulateOptionWire =>
  ({ product: { id: 1, name: "Game pass" }, price: 9.99, effective_price: 9.99, currency: "USD", owned: false, trial_days: 0, link: "/buy?package_id=1", ...over }) as SimulateOptionWire;
const result = (options: SimulateOptionWire[], needs_purchase = true): SimulateResultWire => ({ target: { kind: "event", id: 7, name: "A @ B" }, needs_purchase, options });

describe("offerFrom", () => {
  it("offers nothing when nothing needs buying, or nothing can be bought", () => {
    expect(offerFrom(result([option({})], false))).toBeNull();
    expect(offerFrom(result([]))).toBeNull();
    expect(offerFrom(result([option({ link: null })]))).toBeNull();
  });

  it("says owned when the viewer holds one of the options, wherever it ranks", () => {
    expect(offerFrom(result([option({}), option({ owned: true, effective_price: 0, link: "/watch/7" })]))).toEqual({ kind: "owned" });
  });

  it("else the API's first option: its name, price, currency, trial and link", () => {
    const first = option({ product: { id: 2, name: "Monthly Plan" } as SimulateOptionWire["product"], price: 17.99, currency: "CAD", trial_days: 7, link: "/buy?subscription_id=2" });
    expect(offerFrom(result([first, option({})]))).toEqual({ kind: "buy", name: "Monthly Plan", price: 17.99, currency: "CAD", trialDays: 7, href: "/buy?subscription_id=2" });
  });
});
