// Event download rules (SPEC §6: download limits are per pass; issue 15: say where a long event's file stops).
import { describe, expect, it } from "vitest";
import { downloadAllowance, downloadCoverage, downloadVerdict, MAX_DOWNLOAD_S } from "../../api/services/downloads";

const NOW = Date.UTC(2026, 10, 25, 12);
type Order = Parameters<typeof downloadAllowance>[1][number];
const pass = (id: number, over: Partial<Order> = {}): Order => ({
  id,
  type: "package",
  productId: id,
  status: "paid",
  activityStatus: "active",
  eventCategoryId: null,
  participantId: null,
  capabilities: ["watch", "download"],
  limits: { downloads: 2 },
  startsAt: NOW - 1000,
  endsAt: NOW + 86_400_000,
  ...over,
});
const user = { capabilities: [] as string[] };

describe("downloadAllowance", () => {
  it("is null signed out or without the download capability on the account or an active pass", () => {
    expect(downloadAllowance(null, [pass(1)], new Map(), NOW)).toBeNull();
    expect(downloadAllowance(user, [pass(1, { capabilities: ["watch"] })], new Map(), NOW)).toBeNull();
    expect(downloadAllowance(user, [pass(1, { endsAt: NOW - 1 })], new Map(), NOW)).toBeNull();
    expect(downloadAllowance({ capabilities: ["download"] }, [], new Map(), NOW)).toEqual({ remaining: 0, chargeTo: null, chargeLimit: null });
  });

  it("counts per pass: what a pass used stays with it, a new pass brings its own", () => {
    expect(downloadAllowance(user, [pass(1)], new Map([[1, 2]]), NOW)).toEqual({ remaining: 0, chargeTo: null, chargeLimit: null });
    const both = [pass(1), pass(2, { limits: { downloads: 5 }, endsAt: NOW + 10 * 86_400_000 })];
    expect(downloadAllowance(user, both, new Map([[1, 2]]), NOW)).toEqual({ remaining: 5, chargeTo: 2, chargeLimit: 5 });
    // The pass that ends first is used first.
    expect(downloadAllowance(user, both, new Map(), NOW)).toEqual({ remaining: 7, chargeTo: 1, chargeLimit: 2 });
    // Downloads charged to an expired pass do not count against the new one.
    expect(downloadAllowance(user, [pass(1, { endsAt: NOW - 1, capabilities: ["download"] }), pass(2)], new Map([[1, 9]]), NOW)).toMatchObject({ remaining: 2, chargeTo: 2 });
  });
});

describe("downloadCoverage", () => {
  it("holds the whole event up to three hours, then stops at three hours", () => {
    expect(downloadCoverage(10_000, 2)).toEqual({ last: 5, coversS: 10, durationS: 10 });
    expect(downloadCoverage(11_000, 2)).toEqual({ last: 6, coversS: 11, durationS: 11 });
    expect(downloadCoverage(MAX_DOWNLOAD_S * 1000, 4)).toEqual({ last: MAX_DOWNLOAD_S / 4, coversS: MAX_DOWNLOAD_S, durationS: MAX_DOWNLOAD_S });
    expect(downloadCoverage(4 * 3600 * 1000, 4)).toEqual({ last: MAX_DOWNLOAD_S / 4, coversS: MAX_DOWNLOAD_S, durationS: 4 * 3600 });
  });

  it("puts both in the grant's verdict", () => {
    expect(downloadVerdict(null, 10_000, 2)).toBeNull();
    expect(downloadVerdict({ remaining: 1, chargeTo: 3, chargeLimit: 1 }, 4 * 3600 * 1000, 4)).toEqual({ remaining: 1, covers_s: MAX_DOWNLOAD_S, duration_s: 4 * 3600 });
  });
});
