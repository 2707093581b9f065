// The access rules (SPEC §3 access types, §4 orders, §6 capabilities and geo), as pure functions.
import { describe, expect, it } from "vitest";
import type { AccessType } from "../../api/contract/catalogue";
import {
  canWatch,
  canWatchVod,
  categoryAncestry,
  hasAccess,
  orderCovers,
  orderIsActive,
  passEntitlements,
  type AccessEvent,
  type AccessInput,
  type AccessOrder,
} from "../../api/services/access";

const NOW = 1_900_000_000_000;
const DAY = 86_400_000;
const BASKETBALL = 1;
const BASKETBALL_U18 = 2;
const FOOTBALL = 3;
const HOME = 10;
const AWAY = 11;
const OTHER_TEAM = 12;

const event = (accessType: AccessType, over: Partial<AccessEvent> = {}): AccessEvent => ({
  id: 100,
  accessType,
  eventCategoryId: BASKETBALL_U18,
  homeTeamId: HOME,
  awayTeamId: AWAY,
  ...over,
});

const order = (over: Partial<AccessOrder> = {}): AccessOrder => ({
  type: "subscription",
  productId: null,
  status: "paid",
  activityStatus: "active",
  eventCategoryId: null,
  participantId: null,
  capabilities: ["watch"],
  limits: {},
  startsAt: NOW - DAY,
  endsAt: NOW + DAY,
  ...over,
});

const viewer = { id: 7, capabilities: [] as string[] };
const input = (over: Partial<AccessInput> & { event: AccessEvent }): AccessInput => ({
  eventCategoryPath: [BASKETBALL_U18, BASKETBALL],
  user: viewer,
  orders: [],
  geoBlocked: false,
  now: NOW,
  ...over,
});

describe("canWatch", () => {
  it("free: anyone, signed in or not", () => {
    expect(canWatch(input({ event: event("free"), user: null }))).toEqual({ allowed: true });
    expect(canWatch(input({ event: event("free") }))).toEqual({ allowed: true });
  });

  it("register: any signed-in user, no order needed; anonymous is asked to log in", () => {
    expect(canWatch(input({ event: event("register"), user: null }))).toEqual({ allowed: false, reason: "login" });
    expect(canWatch(input({ event: event("register") }))).toEqual({ allowed: true });
  });

  for (const type of ["paid", "ppv"] as const) {
    describe(type, () => {
      it("anonymous → login; signed in without an order → purchase", () => {
        expect(canWatch(input({ event: event(type), user: null, orders: [order()] }))).toEqual({ allowed: false, reason: "login" });
        expect(canWatch(input({ event: event(type) }))).toEqual({ allowed: false, reason: "purchase" });
      });

      it("a paid, active, covering order with watch → allowed", () => {
        expect(canWatch(input({ event: event(type), orders: [order()] }))).toEqual({ allowed: true });
      });

      it("watch may come from the account instead of the order, but is required from one of them", () => {
        const noWatch = order({ capabilities: ["download"] });
        expect(canWatch(input({ event: event(type), orders: [noWatch] }))).toEqual({ allowed: false, reason: "purchase" });
        expect(canWatch(input({ event: event(type), orders: [noWatch], user: { id: 7, capabilities: ["WATCH"] } }))).toEqual({ allowed: true });
        // The account's watch alone buys nothing.
        expect(canWatch(input({ event: event(type), user: { id: 7, capabilities: ["watch"] } }))).toEqual({ allowed: false, reason: "purchase" });
      });

      it("watch on an order that does not cover the event does not count", () => {
        const otherSport = order({ type: "package", eventCategoryId: FOOTBALL, capabilities: ["watch"] });
        const covering = order({ type: "package", eventCategoryId: BASKETBALL, capabilities: ["download"] });
        expect(canWatch(input({ event: event(type), orders: [otherSport, covering] }))).toEqual({ allowed: false, reason: "purchase" });
      });

      it("an expired, not yet started, refunded, pending, failed or inactive order gives nothing", () => {
        for (const o of [
          order({ endsAt: NOW }),
          order({ startsAt: NOW + 1 }),
          order({ status: "refunded" }),
          order({ status: "pending" }),
          order({ status: "failed" }),
          order({ activityStatus: "inactive" }),
        ]) {
          expect(canWatch(input({ event: event(type), orders: [o] }))).toEqual({ allowed: false, reason: "purchase" });
        }
        expect(canWatch(input({ event: event(type), orders: [order({ endsAt: null })] }))).toEqual({ allowed: true });
      });
    });
  }

  it("geo comes before everything, even a free event or a covering pass", () => {
    for (const type of ["free", "register", "paid", "ppv"] as const) {
      expect(canWatch(input({ event: event(type), orders: [order()], geoBlocked: true }))).toEqual({ allowed: false, reason: "geo" });
      expect(canWatch(input({ event: event(type), user: null, geoBlocked: true }))).toEqual({ allowed: false, reason: "geo" });
    }
  });

  it("hasAccess is the same rule as a boolean", () => {
    expect(hasAccess(input({ event: event("paid"), orders: [order()] }))).toBe(true);
    expect(hasAccess(input({ event: event("register"), user: null }))).toBe(false);
  });
});

describe("orderCovers", () => {
  const path = [BASKETBALL_U18, BASKETBALL];
  it("single event: only the event it was bought for", () => {
    expect(orderCovers(order({ type: "event", productId: 100 }), event("ppv"), path)).toBe(true);
    expect(orderCovers(order({ type: "event", productId: 101 }), event("ppv"), path)).toBe(false);
    expect(orderCovers(order({ type: "event", productId: null }), event("ppv"), path)).toBe(false);
  });

  it("category package: its category and every sub-category, not another sport", () => {
    expect(orderCovers(order({ type: "package", eventCategoryId: BASKETBALL_U18 }), event("paid"), path)).toBe(true);
    expect(orderCovers(order({ type: "package", eventCategoryId: BASKETBALL }), event("paid"), path)).toBe(true);
    expect(orderCovers(order({ type: "package", eventCategoryId: FOOTBALL }), event("paid"), path)).toBe(false);
    // A package for the sub-category does not cover the parent's own events.
    expect(orderCovers(order({ type: "package", eventCategoryId: BASKETBALL_U18 }), event("paid", { eventCategoryId: BASKETBALL }), [BASKETBALL])).toBe(false);
    // Without a path the event's own category still counts.
    expect(orderCovers(order({ type: "package", eventCategoryId: BASKETBALL_U18 }), event("paid"))).toBe(true);
  });

  it("team pass: the team's games at home or away, not other teams'", () => {
    expect(orderCovers(order({ type: "package", participantId: HOME }), event("paid"), path)).toBe(true);
    expect(orderCovers(order({ type: "package", participantId: AWAY }), event("paid"), path)).toBe(true);
    expect(orderCovers(order({ type: "package", participantId: OTHER_TEAM }), event("paid"), path)).toBe(false);
  });

  it("team pass within a sport: both must hold; a package naming nothing covers nothing", () => {
    expect(orderCovers(order({ type: "package", participantId: HOME, eventCategoryId: BASKETBALL }), event("paid"), path)).toBe(true);
    expect(orderCovers(order({ type: "package", participantId: HOME, eventCategoryId: FOOTBALL }), event("paid"), path)).toBe(false);
    expect(orderCovers(order({ type: "package" }), event("paid"), path)).toBe(false);
  });

  it("a pass over several sports or teams (selected lists): any of them, with their sub-categories", () => {
    expect(orderCovers(order({ type: "package", selectedCategoryIds: [FOOTBALL, BASKETBALL] }), event("paid"), path)).toBe(true);
    expect(orderCovers(order({ type: "package", selectedCategoryIds: [FOOTBALL] }), event("paid"), path)).toBe(false);
    expect(orderCovers(order({ type: "package", selectedParticipantIds: [OTHER_TEAM, AWAY] }), event("paid"), path)).toBe(true);
    expect(orderCovers(order({ type: "package", selectedParticipantIds: [OTHER_TEAM] }), event("paid"), path)).toBe(false);
    // The access column and the list together.
    expect(orderCovers(order({ type: "package", eventCategoryId: FOOTBALL, selectedCategoryIds: [BASKETBALL] }), event("paid"), path)).toBe(true);
    expect(orderCovers(order({ type: "package", selectedCategoryIds: [], selectedParticipantIds: [] }), event("paid"), path)).toBe(false);
  });

  it("subscription: every event", () => {
    expect(orderCovers(order(), event("ppv", { eventCategoryId: null, homeTeamId: null, awayTeamId: null }), [])).toBe(true);
  });
});

describe("orderIsActive", () => {
  it("paid and active within [starts_at, ends_at)", () => {
    expect(orderIsActive(order({ startsAt: NOW, endsAt: NOW + 1 }), NOW)).toBe(true);
    expect(orderIsActive(order({ startsAt: NOW, endsAt: NOW + 1 }), NOW + 1)).toBe(false);
    expect(orderIsActive(order({ status: "paid", activityStatus: "inactive" }), NOW)).toBe(false);
  });
});

describe("passEntitlements", () => {
  it("merges the capabilities and sums the limits of the active passes only", () => {
    const result = passEntitlements(
      [
        order({ capabilities: ["watch", "download"], limits: { clips: 20, downloads: 5 } }),
        order({ type: "package", eventCategoryId: FOOTBALL, capabilities: ["clipping"], limits: { downloads: 2 } }),
        order({ status: "refunded", capabilities: ["no_ads"], limits: { clips: 100 } }),
      ],
      NOW,
    );
    expect(result).toEqual({ capabilities: ["watch", "download", "clipping"], limits: { clips: 20, downloads: 7 } });
    expect(passEntitlements([], NOW)).toEqual({ capabilities: [], limits: { clips: 0, downloads: 0 } });
  });
});

describe("categoryAncestry", () => {
  it("walks up the parents; 0, null, unknown ids and cycles end it", () => {
    const parents = new Map<number, number | null>([
      [BASKETBALL_U18, BASKETBALL],
      [BASKETBALL, 0],
      [FOOTBALL, null],
      [20, 21],
      [21, 20],
    ]);
    expect(categoryAncestry(BASKETBALL_U18, parents)).toEqual([BASKETBALL_U18, BASKETBALL]);
    expect(categoryAncestry(FOOTBALL, parents)).toEqual([FOOTBALL]);
    expect(categoryAncestry(99, parents)).toEqual([99]);
    expect(categoryAncestry(null, parents)).toEqual([]);
    expect(categoryAncestry(20, parents)).toEqual([20, 21]);
  });
});

describe("canWatchVod", () => {
  const user = (capabilities: string[] = []) => ({ id: 1, capabilities });
  const vod = (over: Partial<Parameters<typeof canWatchVod>[0]> = {}) =>
    canWatchVod({ requiresVodMedia: true, user: user(), passCapabilities: [], geoBlocked: false, ...over });

  it("lets anyone watch an item that does not require vod_media", () => {
    expect(vod({ requiresVodMedia: false, user: null })).toEqual({ allowed: true });
  });

  it("asks an anonymous viewer to log in, and a user without vod_media to purchase", () => {
    expect(vod({ user: null })).toEqual({ allowed: false, reason: "login" });
    expect(vod({ user: user(["watch", "download"]) })).toEqual({ allowed: false, reason: "purchase" });
  });

  it("takes vod_media from the account or from an active pass (vod_media_access too)", () => {
    expect(vod({ user: user(["vod_media"]) })).toEqual({ allowed: true });
    expect(vod({ passCapabilities: ["watch", "vod_media"] })).toEqual({ allowed: true });
    expect(vod({ passCapabilities: ["VOD_MEDIA_ACCESS"] })).toEqual({ allowed: true });
  });

  it("checks geo first, even for free items and holders of vod_media", () => {
    expect(vod({ geoBlocked: true, requiresVodMedia: false })).toEqual({ allowed: false, reason: "geo" });
    expect(vod({ geoBlocked: true, user: user(["vod_media"]) })).toEqual({ allowed: false, reason: "geo" });
    expect(vod({ geoBlocked: true, user: null })).toEqual({ allowed: false, reason: "geo" });
  });
});
