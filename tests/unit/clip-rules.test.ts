// The clip rules (issue 11): the cut snapped to segments, the allowance per pass, the decision and its reasons, the
// form schema's SPEC messages, and which thumbnail a looped timeline shows.
import { describe, expect, it } from "vitest";
import { CLIP_MESSAGES, clipSchema } from "@api/contract/clips";
import type { OrderLimits } from "@api/db/commerce-schema";
import { clipAllowance, clipDecision, holdsCapability, sellsClipping, snapCut, thumbnailIndex, type ClipOrder } from "@api/services/clips/rules";

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

function order(id: number, limits: OrderLimits, over: Partial<ClipOrder> = {}): ClipOrder {
  return {
    id,
    type: "subscription",
    productId: 1,
    status: "paid",
    activityStatus: "active",
    eventCategoryId: null,
    participantId: null,
    capabilities: ["watch", "clipping"],
    limits,
    startsAt: NOW - DAY,
    endsAt: NOW + DAY,
    ...over,
  };
}

describe("snapCut", () => {
  it("snaps to the nearest segment boundaries: never more than half a segment off, the length within one segment", () => {
    for (const [start, duration] of [
      [0, 30],
      [2.7, 5.6],
      [5, 30],
      [5.9, 0.2],
      [61, 300],
      [13.4, 299.9],
      [1, 1],
    ]) {
      const r = snapCut({ startS: start, durationS: duration }, 2, 4000);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const s = r.cut.startMs / 1000;
      const d = r.cut.durationMs / 1000;
      expect(Math.abs(s - start)).toBeLessThanOrEqual(1);
      expect(Math.abs(d - duration)).toBeLessThanOrEqual(2);
      expect(d).toBeLessThanOrEqual(300);
      expect(r.cut.first).toBe(s / 2 + 1);
      expect(r.cut.last - r.cut.first + 1).toBe(d / 2);
    }
  });

  it("answers which field is wrong, in the SPEC's words", () => {
    expect(snapCut({ startS: 6, durationS: 8 }, 2, 12)).toEqual({ ok: false, field: "duration", message: "longerThanEnd" });
    expect(snapCut({ startS: 0, durationS: 301 }, 2, 4000)).toEqual({ ok: false, field: "duration", message: "maxDuration" });
    expect(snapCut({ startS: 0, durationS: 0 }, 2, 4000)).toEqual({ ok: false, field: "duration", message: "maxDuration" });
    expect(snapCut({ startS: 12, durationS: 2 }, 2, 12)).toEqual({ ok: false, field: "start_time", message: "startOutside" });
    expect(snapCut({ startS: -1, durationS: 2 }, 2, 12)).toEqual({ ok: false, field: "start_time", message: "startOutside" });
    expect(snapCut({ startS: Number.NaN, durationS: 2 }, 2, 12)).toEqual({ ok: false, field: "start_time", message: "startOutside" });
    expect(CLIP_MESSAGES.longerThanEnd).toBe("Your clip duration is longer than the end time");
  });

  it("keeps the cut inside what exists (a live edge that moved by a frame) and one segment long at least", () => {
    expect(snapCut({ startS: 4, durationS: 6.3 }, 2, 10)).toEqual({ ok: true, cut: { first: 3, last: 5, startMs: 4000, durationMs: 6000 } });
    expect(snapCut({ startS: 9.2, durationS: 0.5 }, 2, 10)).toEqual({ ok: true, cut: { first: 5, last: 5, startMs: 8000, durationMs: 2000 } });
  });
});

describe("clipAllowance", () => {
  it("sums what each active pass has left and charges the pass that ends first", () => {
    const orders = [order(1, { clips: 5 }, { endsAt: NOW + 3 * DAY }), order(2, { clips: 2 }, { endsAt: NOW + DAY }), order(3, { clips: 10 }, { endsAt: null })];
    expect(clipAllowance(orders, new Map(), NOW)).toEqual({ remaining: 17, chargeTo: 2 });
    expect(clipAllowance(orders, new Map([[2, 2]]), NOW)).toEqual({ remaining: 15, chargeTo: 1 });
    expect(clipAllowance(orders, new Map([[1, 5], [2, 9]]), NOW)).toEqual({ remaining: 10, chargeTo: 3 });
  });

  it("ignores passes that are not active now, and those without clips", () => {
    const orders = [order(1, { clips: 5 }, { endsAt: NOW }), order(2, { clips: 5 }, { status: "refunded" }), order(3, { downloads: 3 }), order(4, { clips: 5 }, { startsAt: NOW + 1 })];
    expect(clipAllowance(orders, new Map(), NOW)).toEqual({ remaining: 0, chargeTo: null });
  });
});

describe("clipDecision", () => {
  const user = { capabilities: [] as string[] };
  it("login, upcoming, capability, limit, then allowed", () => {
    expect(clipDecision({ user: null, orders: [], used: new Map(), started: true, now: NOW })).toEqual({ allowed: false, reason: "login", remaining: 0 });
    const pass = order(7, { clips: 3 });
    expect(clipDecision({ user, orders: [pass], used: new Map(), started: false, now: NOW })).toMatchObject({ allowed: false, reason: "upcoming" });
    expect(clipDecision({ user, orders: [{ ...pass, capabilities: ["watch"] }], used: new Map(), started: true, now: NOW })).toEqual({ allowed: false, reason: "capability", remaining: 3 });
    expect(clipDecision({ user, orders: [pass], used: new Map([[7, 3]]), started: true, now: NOW })).toEqual({ allowed: false, reason: "limit", remaining: 0 });
    expect(clipDecision({ user, orders: [pass], used: new Map([[7, 1]]), started: true, now: NOW })).toEqual({ allowed: true, chargeTo: 7, remaining: 2 });
  });

  it("the account's own capability counts, the clips still come from a pass", () => {
    const granted = { capabilities: ["CLIPPING"] };
    const pass = order(8, { clips: 1 }, { capabilities: ["watch"] });
    expect(holdsCapability(granted, [pass], NOW, "clipping")).toBe(true);
    expect(clipDecision({ user: granted, orders: [pass], used: new Map(), started: true, now: NOW })).toMatchObject({ allowed: true, chargeTo: 8 });
    expect(clipDecision({ user: granted, orders: [], used: new Map(), started: true, now: NOW })).toMatchObject({ allowed: false, reason: "limit" });
  });
});

describe("sellsClipping and thumbnails", () => {
  it("a pass sells clipping when it grants the capability and some clips", () => {
    expect(sellsClipping({ capabilities: ["watch", "clipping"], limits: { clips: 5 } })).toBe(true);
    expect(sellsClipping({ capabilities: ["watch", "clipping"], limits: { clips: 0 } })).toBe(false);
    expect(sellsClipping({ capabilities: ["watch"], limits: { clips: 5 } })).toBe(false);
  });

  it("maps a second of a looped timeline to the asset's thumbnail", () => {
    expect([0, 9.9, 10, 119, 120, 125, 245].map((s) => thumbnailIndex(s, 10, 12, 120))).toEqual([0, 0, 1, 11, 0, 0, 0]);
    expect(thumbnailIndex(300, 10, 3, 1000)).toBe(2);
  });
});

describe("clipSchema", () => {
  const valid = { event_id: "3", name: " Buzzer beater ", start_time: "12.5", duration: 30, tags: "goal,Save" };
  it("parses form-style input", () => {
    expect(clipSchema().parse(valid)).toEqual({ event_id: 3, name: "Buzzer beater", start_time: 12.5, duration: 30, tags: ["goal", "save"] });
  });

  it("speaks the messages it is given (the web passes them translated)", () => {
    const fr = { nameRequired: "Veuillez remplir ce champ.", nameTooLong: "trop long", tagRequired: "Veuillez choisir une étiquette", maxDuration: "5 min", startOutside: "début", noSource: "source" };
    const issues = clipSchema(fr).safeParse({ ...valid, name: "", tags: [] }).error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toEqual([
      ["name", "Veuillez remplir ce champ."],
      ["tags", "Veuillez choisir une étiquette"],
    ]);
  });
});
