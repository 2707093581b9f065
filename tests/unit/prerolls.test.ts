// The preroll rules (SPEC §3 "Preroll", §4): eligibility, the seeded weighted choice, subjects and suppression.
import { describe, expect, it } from "vitest";
import type { Preroll } from "@api/contract/channel";
import {
  choosePreroll,
  isSuppressed,
  pickWeighted,
  prerollMatches,
  prerollMedia,
  prerollSeed,
  prerollSubject,
  seedOf,
  suppressionEnd,
  viewerHasNoAds,
  type PrerollItem,
} from "@api/services/prerolls";
import { categoryAncestry, type AccessOrder } from "@api/services/access";

const preroll = (id: number, over: Partial<Preroll> = {}): Preroll => ({
  id,
  url: "media:promo/preroll.mp4",
  weight: 1,
  location_id: null,
  event_categories: [],
  for_vod: true,
  for_live: true,
  ...over,
});
const live: PrerollItem = { live: true, locationId: 5, categoryPath: [12, 10] };
const vod: PrerollItem = { ...live, live: false };
/** Seeds spread over [0, 1) the way real subjects would, without any randomness. */
const seeds = (n: number, item = "event:7") => Array.from({ length: n }, (_, i) => prerollSeed(`u:${i + 1}`, item));

describe("eligibility", () => {
  it("follows for_live on a live event and for_vod on demand", () => {
    expect(prerollMatches(preroll(1, { for_live: false }), live)).toBe(false);
    expect(prerollMatches(preroll(1, { for_live: false }), vod)).toBe(true);
    expect(prerollMatches(preroll(1, { for_vod: false }), vod)).toBe(false);
    expect(prerollMatches(preroll(1, { for_vod: false }), live)).toBe(true);
  });

  it("matches any location when it names none, else only its own", () => {
    expect(prerollMatches(preroll(1), { ...live, locationId: null })).toBe(true);
    expect(prerollMatches(preroll(1, { location_id: 5 }), live)).toBe(true);
    expect(prerollMatches(preroll(1, { location_id: 6 }), live)).toBe(false);
    expect(prerollMatches(preroll(1, { location_id: 5 }), { ...live, locationId: null })).toBe(false);
  });

  it("matches the event's category or one of its ancestors; no categories means any", () => {
    const parents = new Map<number, number | null>([
      [10, null],
      [12, 10],
      [13, 12],
      [20, 0],
    ]);
    const item = (category: number | null): PrerollItem => ({ live: true, locationId: null, categoryPath: categoryAncestry(category, parents) });
    expect(prerollMatches(preroll(1, { event_categories: [10] }), item(13))).toBe(true);
    expect(prerollMatches(preroll(1, { event_categories: [12] }), item(12))).toBe(true);
    expect(prerollMatches(preroll(1, { event_categories: [13] }), item(12))).toBe(false);
    expect(prerollMatches(preroll(1, { event_categories: [20, 12] }), item(13))).toBe(true);
    expect(prerollMatches(preroll(1, { event_categories: [10] }), item(20))).toBe(false);
    expect(prerollMatches(preroll(1, { event_categories: [10] }), item(null))).toBe(false);
    expect(prerollMatches(preroll(1), item(null))).toBe(true);
  });

  it("never offers a preroll of weight 0", () => {
    expect(prerollMatches(preroll(1, { weight: 0 }), live)).toBe(false);
    expect(choosePreroll([preroll(1, { weight: 0 })], live, 0.5)).toBeNull();
    const picks = new Set(seeds(2000).map((s) => choosePreroll([preroll(1, { weight: 0 }), preroll(2, { weight: 1 })], live, s)?.id));
    expect([...picks]).toEqual([2]);
  });

  it("chooses among the eligible ones only, and nothing when none is", () => {
    const list = [preroll(1, { location_id: 6 }), preroll(2, { for_live: false }), preroll(3, { event_categories: [12] })];
    expect(new Set(seeds(500).map((s) => choosePreroll(list, live, s)?.id))).toEqual(new Set([3]));
    expect(choosePreroll(list.slice(0, 2), live, 0.3)).toBeNull();
    expect(choosePreroll([], live, 0.3)).toBeNull();
  });
});

describe("weighted choice", () => {
  it("follows the weights over many subjects", () => {
    const list = [preroll(1, { weight: 1 }), preroll(2, { weight: 3 }), preroll(3, { weight: 6 })];
    const counts = new Map<number, number>();
    const all = seeds(20_000);
    for (const s of all) {
      const id = choosePreroll(list, live, s)!.id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const share = (id: number) => counts.get(id)! / all.length;
    expect(Math.abs(share(1) - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(share(2) - 0.3)).toBeLessThan(0.015);
    expect(Math.abs(share(3) - 0.6)).toBeLessThan(0.015);
  });

  it("spreads seeds evenly over [0, 1)", () => {
    const buckets = new Array<number>(10).fill(0);
    const all = seeds(10_000, "vod:3");
    expect(Math.min(...all)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...all)).toBeLessThan(1);
    for (const s of all) buckets[Math.floor(s * 10)]++;
    for (const n of buckets) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });

  it("is the same for one subject and item, and may differ per item or subject", () => {
    const list = [preroll(1), preroll(2), preroll(3), preroll(4)];
    const pick = (subject: string, key: string) => choosePreroll(list, live, prerollSeed(subject, key))!.id;
    expect(prerollSeed("u:1", "event:7")).toBe(prerollSeed("u:1", "event:7"));
    expect(seedOf("u:1|event:7")).toBe(prerollSeed("u:1", "event:7"));
    for (const subject of ["u:1", "u:42", "v:abcdefghijklmnopqrstuv"]) expect(pick(subject, "event:7")).toBe(pick(subject, "event:7"));
    const perItem = new Set(Array.from({ length: 50 }, (_, i) => pick("u:1", `event:${i}`)));
    const perSubject = new Set(Array.from({ length: 50 }, (_, i) => pick(`u:${i}`, "event:7")));
    expect(perItem.size).toBeGreaterThan(1);
    expect(perSubject.size).toBeGreaterThan(1);
  });

  it("maps the ends of the seed range onto the first and last candidate", () => {
    const list = [preroll(1, { weight: 2 }), preroll(2, { weight: 0 }), preroll(3, { weight: 2 })];
    expect(pickWeighted(list, 0)?.id).toBe(1);
    expect(pickWeighted(list, 0.4999)?.id).toBe(1);
    expect(pickWeighted(list, 0.5)?.id).toBe(3);
    expect(pickWeighted(list, 0.999999)?.id).toBe(3);
    expect(pickWeighted(list, 1)?.id).toBe(3);
    expect(pickWeighted([preroll(1, { weight: 0 })], 0)).toBeNull();
  });
});

describe("subjects and suppression", () => {
  it("is the user when signed in, else a well-formed viewer id, else nobody", () => {
    const vid = "Abc_def-0123456789ABCDEFG";
    expect(prerollSubject(7, vid)).toBe("u:7");
    expect(prerollSubject(null, vid)).toBe(`v:${vid}`);
    expect(prerollSubject(null, "short")).toBeNull();
    expect(prerollSubject(null, `${vid}!`)).toBeNull();
    expect(prerollSubject(null, "x".repeat(65))).toBeNull();
    expect(prerollSubject(null, "x".repeat(64))).toBe(`v:${"x".repeat(64)}`);
    expect(prerollSubject(null, undefined)).toBeNull();
  });

  it("suppresses until the end, exclusive, and not at all without a record", () => {
    const now = 1_000_000;
    const until = suppressionEnd(now, 3_600_000)!;
    expect(until).toBe(now + 3_600_000);
    expect(isSuppressed(until, now)).toBe(true);
    expect(isSuppressed(until, until - 1)).toBe(true);
    expect(isSuppressed(until, until)).toBe(false);
    expect(isSuppressed(until, until + 1)).toBe(false);
    expect(isSuppressed(null, now)).toBe(false);
  });

  it("records nothing when the channel suppresses for 0 ms", () => {
    expect(suppressionEnd(5, 0)).toBeNull();
    expect(suppressionEnd(5, 1)).toBe(6);
  });
});

describe("preroll media URLs", () => {
  it("names a file of our media bucket", () => {
    expect(prerollMedia("media:promo/preroll.mp4")).toEqual({ asset: "promo", file: "preroll.mp4" });
    expect(prerollMedia("media:promo-2/clip_a.mp4")).toEqual({ asset: "promo-2", file: "clip_a.mp4" });
  });

  it.each(["https://ads.example/preroll.mp4", "media:promo", "media:promo/", "media:../x/y.mp4", "media:promo/a/b.mp4", "media:Promo/a.mp4", "media:event/a.mp4", "media:vod/a.mp4", "media:download/a.mp4"])(
    "refuses %s",
    (url) => expect(prerollMedia(url)).toBeNull(),
  );
});

describe("no_ads", () => {
  const NOW = Date.UTC(2026, 10, 21, 12);
  const pass = (capabilities: string[], over: Partial<AccessOrder> = {}): AccessOrder => ({
    type: "subscription",
    productId: 1,
    status: "paid",
    activityStatus: "active",
    eventCategoryId: null,
    participantId: null,
    capabilities,
    startsAt: NOW - 1000,
    endsAt: NOW + 1000,
    ...over,
  });

  it("comes from the account's own capabilities or from an active pass", () => {
    expect(viewerHasNoAds({ capabilities: ["no_ads"] }, [], NOW)).toBe(true);
    expect(viewerHasNoAds({ capabilities: ["NO_ADS "] }, [], NOW)).toBe(true);
    expect(viewerHasNoAds({ capabilities: ["watch"] }, [pass(["watch", "no_ads"])], NOW)).toBe(true);
    expect(viewerHasNoAds({ capabilities: ["watch"] }, [pass(["watch"])], NOW)).toBe(false);
  });

  it("ignores passes that are not active now, and anonymous viewers always see prerolls", () => {
    expect(viewerHasNoAds({ capabilities: [] }, [pass(["no_ads"], { endsAt: NOW })], NOW)).toBe(false);
    expect(viewerHasNoAds({ capabilities: [] }, [pass(["no_ads"], { startsAt: NOW + 1 })], NOW)).toBe(false);
    expect(viewerHasNoAds({ capabilities: [] }, [pass(["no_ads"], { status: "refunded" })], NOW)).toBe(false);
    expect(viewerHasNoAds(null, [pass(["no_ads"])], NOW)).toBe(false);
  });
});
