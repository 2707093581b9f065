// Purchase rules (SPEC §4 purchased state and checkout preparation, §6 trials and capabilities) and /simulate.
import { describe, expect, it } from "vitest";
import {
  entitlements,
  prepareCheckout,
  purchaseState,
  selectionFits,
  simultaneousLoginsLabel,
  trialEligible,
  type CommerceOrder,
  type RuleProduct,
} from "../../api/services/commerce/rules";
import { simulate, type SimulateProduct, type SimulateTarget } from "../../api/services/commerce/simulate";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const DAY = 86_400_000;
const HOCKEY = 1;
const SOCCER = 2;
const BASKETBALL = 3;
const TEAM_A = 10;
const TEAM_B = 11;
const PPV_EVENT = 500;

const product = (over: Partial<SimulateProduct>): SimulateProduct => ({
  id: 1,
  kind: "package",
  packageType: "category",
  passType: "regular",
  addonOf: null,
  isTeamPass: false,
  eventCategoryIds: [],
  participantIds: [],
  maxChoices: null,
  eventId: null,
  bundleItemIds: [],
  trialDays: 0,
  simultaneousLogins: null,
  active: true,
  price: 1000,
  weight: 0,
  ...over,
});

const SEASON = product({ id: 1, eventCategoryIds: [HOCKEY, SOCCER, BASKETBALL], price: 8999, weight: 0, simultaneousLogins: 2 });
const PICK_ONE = product({ id: 2, eventCategoryIds: [HOCKEY, SOCCER, BASKETBALL], maxChoices: 1, price: 3999, weight: 1 });
const TEAM_PASS = product({ id: 3, isTeamPass: true, participantIds: [TEAM_A, TEAM_B], maxChoices: 1, price: 2999, weight: 2 });
const MONTHLY = product({ id: 4, kind: "subscription", packageType: null, period: "month", trialDays: 30, price: 1499, weight: 3, simultaneousLogins: 3 } as Partial<SimulateProduct>);
const PPV = product({ id: 5, packageType: "single", eventId: PPV_EVENT, price: 1299, weight: 4 });
const ADDON = product({ id: 6, passType: "addition", addonOf: 1, price: 499, weight: 5 });
const BUNDLE = product({ id: 7, kind: "bundle", packageType: null, bundleItemIds: [1, 6], price: 9299, weight: 6 });
const CATALOGUE = [SEASON, PICK_ONE, TEAM_PASS, MONTHLY, PPV, ADDON, BUNDLE];

const order = (over: Partial<CommerceOrder>): CommerceOrder => ({
  type: "package",
  productId: 1,
  status: "paid",
  activityStatus: "active",
  eventCategoryId: null,
  participantId: null,
  capabilities: ["watch"],
  limits: {},
  startsAt: NOW - DAY,
  endsAt: null,
  ...over,
});

describe("purchaseState (SPEC §4)", () => {
  it("counts a subscription as purchased when its order is paid and active", () => {
    expect(purchaseState(MONTHLY, [order({ type: "subscription", productId: 4 })], NOW).purchased).toBe(true);
    expect(purchaseState(MONTHLY, [order({ type: "subscription", productId: 4, status: "pending" })], NOW).purchased).toBe(false);
    expect(purchaseState(MONTHLY, [order({ type: "subscription", productId: 4, activityStatus: "inactive" })], NOW).purchased).toBe(false);
    expect(purchaseState(MONTHLY, [order({ type: "subscription", productId: 4, endsAt: NOW })], NOW).purchased).toBe(false);
    expect(purchaseState(MONTHLY, [order({ type: "package", productId: 4 })], NOW).purchased).toBe(false);
  });

  it("counts a pass with nothing to choose as purchased by any active order for it", () => {
    expect(purchaseState(SEASON, [order({ eventCategoryId: HOCKEY })], NOW)).toEqual({ purchased: true, disabled_event_category_ids: [], disabled_participant_ids: [] });
  });

  it("lists the categories already held, and is purchased when all are used up", () => {
    const held = [order({ productId: 2, selectedCategoryIds: [HOCKEY] }), order({ productId: 2, eventCategoryId: SOCCER })];
    expect(purchaseState(PICK_ONE, held, NOW)).toEqual({ purchased: false, disabled_event_category_ids: [HOCKEY, SOCCER], disabled_participant_ids: [] });
    const all = [...held, order({ productId: 2, selectedCategoryIds: [BASKETBALL] })];
    expect(purchaseState(PICK_ONE, all, NOW).purchased).toBe(true);
  });

  it("uses up a team pass by its teams", () => {
    const one = [order({ productId: 3, participantId: TEAM_A })];
    expect(purchaseState(TEAM_PASS, one, NOW)).toEqual({ purchased: false, disabled_event_category_ids: [], disabled_participant_ids: [TEAM_A] });
    expect(purchaseState(TEAM_PASS, [...one, order({ productId: 3, selectedParticipantIds: [TEAM_B] })], NOW).purchased).toBe(true);
  });

  it("ignores refunded and other products' orders", () => {
    expect(purchaseState(PICK_ONE, [order({ productId: 2, eventCategoryId: HOCKEY, status: "refunded" }), order({ productId: 1, eventCategoryId: SOCCER })], NOW).disabled_event_category_ids).toEqual([]);
  });

  it("counts a single-event package bought as an event order", () => {
    expect(purchaseState(PPV, [order({ type: "event", productId: PPV_EVENT, singleEventPackageId: 5 })], NOW).purchased).toBe(true);
    expect(purchaseState(PPV, [order({ type: "event", productId: PPV_EVENT })], NOW).purchased).toBe(false);
  });

  it("counts a bundle when every item is purchased", () => {
    const season = order({ productId: 1 });
    expect(purchaseState(BUNDLE, [season], NOW, CATALOGUE).purchased).toBe(false);
    expect(purchaseState(BUNDLE, [season, order({ productId: 6 })], NOW, CATALOGUE).purchased).toBe(true);
  });
});

describe("selectionFits", () => {
  const state = purchaseState(PICK_ONE, [order({ productId: 2, eventCategoryId: HOCKEY })], NOW);
  it("takes up to max_choices of the pass's own, not yet held, categories", () => {
    expect(selectionFits(PICK_ONE, [SOCCER], state)).toBe(true);
    expect(selectionFits(PICK_ONE, [HOCKEY], state)).toBe(false);
    expect(selectionFits(PICK_ONE, [SOCCER, BASKETBALL], state)).toBe(false);
    expect(selectionFits(PICK_ONE, [99], state)).toBe(false);
    expect(selectionFits(PICK_ONE, [], state)).toBe(false);
    expect(selectionFits(SEASON, [], state)).toBe(true);
    expect(selectionFits(TEAM_PASS, [TEAM_B], purchaseState(TEAM_PASS, [], NOW))).toBe(true);
  });
});

describe("prepareCheckout (SPEC §4)", () => {
  const paid = { id: PPV_EVENT, type: "paid" as const };
  it("needs no package for an unpaid event", () => {
    expect(prepareCheckout({ kind: "event", event: { id: 1, type: "free" } }, CATALOGUE)).toEqual({ ok: true, product: null });
  });

  it('fails a paid event without a package id with "id not selected"', () => {
    expect(prepareCheckout({ kind: "event", event: paid }, CATALOGUE)).toEqual({ ok: false, message: "id not selected" });
    expect(prepareCheckout({ kind: "package" }, CATALOGUE)).toEqual({ ok: false, message: "id not selected" });
    expect(prepareCheckout({ kind: "subscription" }, CATALOGUE)).toEqual({ ok: false, message: "id not selected" });
  });

  it('fails with "Pass not found" for a missing, inactive or mismatched product', () => {
    expect(prepareCheckout({ kind: "event", event: paid, singleEventPackageId: 999 }, CATALOGUE)).toEqual({ ok: false, message: "Pass not found" });
    expect(prepareCheckout({ kind: "event", event: paid, singleEventPackageId: 1 }, CATALOGUE)).toEqual({ ok: false, message: "Pass not found" });
    expect(prepareCheckout({ kind: "event", event: { id: 77, type: "paid" }, singleEventPackageId: 5 }, CATALOGUE).ok).toBe(false);
    expect(prepareCheckout({ kind: "subscription", subscriptionId: 1 }, CATALOGUE)).toEqual({ ok: false, message: "Pass not found" });
    expect(prepareCheckout({ kind: "package", packageId: 1 }, [{ ...SEASON, active: false }])).toEqual({ ok: false, message: "Pass not found" });
  });

  it("finds the single-event package, package or subscription", () => {
    expect(prepareCheckout({ kind: "event", event: paid, singleEventPackageId: 5 }, CATALOGUE)).toEqual({ ok: true, product: PPV });
    expect(prepareCheckout({ kind: "package", packageId: 7 }, CATALOGUE)).toEqual({ ok: true, product: BUNDLE });
    expect(prepareCheckout({ kind: "subscription", subscriptionId: 4 }, CATALOGUE)).toEqual({ ok: true, product: MONTHLY });
  });
});

describe("trialEligible (SPEC §6)", () => {
  it("holds for a user who has not used a trial, on a subscription with trial days", () => {
    expect(trialEligible({ trial_period_used: false }, MONTHLY)).toBe(true);
    expect(trialEligible({ trial_period_used: true }, MONTHLY)).toBe(false);
    expect(trialEligible({ trial_period_used: false }, { ...MONTHLY, trialDays: 0 })).toBe(false);
    expect(trialEligible({ trial_period_used: false }, SEASON)).toBe(false);
    expect(trialEligible(null, MONTHLY)).toBe(false);
  });
});

describe("entitlements (SPEC §6)", () => {
  it("merges the account's and active passes' capabilities, sums limits, takes the largest login limit", () => {
    const orders = [
      order({ productId: 1, capabilities: ["watch", "Download"], limits: { downloads: 5, clips: 2 } }),
      order({ type: "subscription", productId: 4, capabilities: ["clipping", "vod_media_access"], limits: { clips: 10 } }),
      order({ productId: 2, capabilities: ["no_ads"], limits: { clips: 100 }, endsAt: NOW - 1 }),
    ];
    expect(entitlements({ capabilities: ["download_clip"] }, orders, CATALOGUE, NOW)).toEqual({
      capabilities: ["watch", "download", "clipping", "download_clip", "vod_media"],
      limits: { clips: 12, downloads: 5 },
      simultaneous_logins: 3,
      simultaneous_logins_label: "3 simultaneous logins",
    });
  });

  it("has no login limit without an active pass that sets one", () => {
    expect(entitlements({ capabilities: [] }, [], CATALOGUE, NOW)).toMatchObject({ capabilities: [], simultaneous_logins: null, simultaneous_logins_label: null });
    expect(simultaneousLoginsLabel(1)).toBe("1 simultaneous login");
  });
});

describe("simulate (/simulate)", () => {
  const eventTarget: SimulateTarget = { kind: "event", event: { id: PPV_EVENT, type: "paid", homeTeamId: TEAM_A, awayTeamId: 12 }, categoryPath: [HOCKEY] };
  const run = (target: SimulateTarget, orders: CommerceOrder[] = [], user = { trial_period_used: true }) => simulate({ target, products: CATALOGUE, orders, user, now: NOW });
  const ids = (r: ReturnType<typeof run>) => r.options.map((o) => o.product_id);

  it("has nothing to buy for an unpaid event", () => {
    expect(run({ ...eventTarget, event: { ...eventTarget.event, type: "free" } })).toEqual({ needs_purchase: false, options: [] });
  });

  it("ranks every way to watch an event by price: ppv, team pass, pick-one pass, subscription, season pass, bundle", () => {
    const r = run(eventTarget);
    expect(r.needs_purchase).toBe(true);
    expect(ids(r)).toEqual([PPV.id, MONTHLY.id, TEAM_PASS.id, PICK_ONE.id, SEASON.id, BUNDLE.id]);
    expect(r.options[0]).toEqual({ product_id: 5, kind: "package", price: 1299, effective_price: 1299, owned: false, trial_days: 0 });
  });

  it("puts a subscription's free trial first for an eligible user", () => {
    const r = run(eventTarget, [], { trial_period_used: false });
    expect(r.options[0]).toMatchObject({ product_id: MONTHLY.id, effective_price: 0, trial_days: 30, owned: false });
  });

  it("counts an owned pass as 0, ahead of a trial", () => {
    const r = run(eventTarget, [order({ productId: 2, selectedCategoryIds: [HOCKEY] })], { trial_period_used: false });
    expect(r.options[0]).toMatchObject({ product_id: PICK_ONE.id, effective_price: 0, owned: true });
    expect(r.options[1]).toMatchObject({ product_id: MONTHLY.id, effective_price: 0, owned: false });
  });

  it("does not count a pick for another sport as owning the pass", () => {
    const r = run(eventTarget, [order({ productId: 2, selectedCategoryIds: [SOCCER] })]);
    expect(r.options.find((o) => o.product_id === PICK_ONE.id)).toMatchObject({ owned: false, effective_price: 3999 });
  });

  it("offers team passes for a team, and no ppv", () => {
    expect(ids(run({ kind: "team", participantId: TEAM_B, categoryPath: [SOCCER] }))).toEqual([MONTHLY.id, TEAM_PASS.id, PICK_ONE.id, SEASON.id, BUNDLE.id]);
  });

  it("offers sport passes and subscriptions for a sport, not team passes", () => {
    expect(ids(run({ kind: "sport", categoryPath: [BASKETBALL] }))).toEqual([MONTHLY.id, PICK_ONE.id, SEASON.id, BUNDLE.id]);
  });

  it("leaves out inactive products and addons", () => {
    const r = simulate({ target: eventTarget, products: CATALOGUE.map((p) => (p.id === PPV.id ? { ...p, active: false } : p)), orders: [], user: null, now: NOW });
    expect(ids(r)).not.toContain(PPV.id);
    expect(ids(r)).not.toContain(ADDON.id);
  });
});
