// The pieces the console edits a channel with (issue 16): where a section lives, the stored copy with times
// resolved (or, on a rolling schedule, kept and shown where they stand, issue 24), and the colour readability rule.
import { describe, expect, it } from "vitest";
import { parseTenantDefinition } from "../../api/channels/definition";
import { itemKey, readSection, withSection } from "../../api/channels/editable";
import { freezeDefinition, presentSection, settleSection, storedJson } from "../../api/channels/stored";
import { contrastChecks, contrastRatio } from "../../api/contract/colors";

const raw = {
  name: "Gamma",
  channel_key: "ck_gamma_unit_test",
  catalogue: {
    time_zone: "America/Chicago",
    sports: [{ alias: "hockey", name: "Hockey" }],
    schools: [{ alias: "a", name: "A" }, { alias: "b", name: "B" }],
    teams: [
      { alias: "a-h", name: "A", school: "a", sport: "hockey", gender: "men" },
      { alias: "b-h", name: "B", school: "b", sport: "hockey", gender: "men" },
    ],
    events: [
      { key: "soon", access_type: "free", start: { minutes: 30 }, duration: 60, sport: "hockey", home: "a-h", away: "b-h" },
      { key: "friday", access_type: "free", start: { days: 2, at: "19:00" }, duration: 60, sport: "hockey", home: "b-h", away: "a-h" },
      { key: "fixed", access_type: "free", start: { utc: "2030-01-01T00:00:00Z" }, duration: 60, sport: "hockey", home: "b-h", away: "a-h" },
    ],
  },
};

describe("the stored definition", () => {
  // 2026-11-25 12:10 UTC (06:10 in Chicago).
  const now = Date.UTC(2026, 10, 25, 12, 10, 30);
  const def = parseTenantDefinition({ ...raw, users: [] }, "gamma");

  it("resolves every relative time once, so writing the copy again never moves an event", () => {
    const stored = freezeDefinition(def, now);
    const starts = Object.fromEntries(stored.catalogue!.events.map((e) => [e.key, e.start]));
    expect(starts).toEqual({
      soon: { utc: "2026-11-25T12:40:00.000Z" },
      friday: { utc: "2026-11-28T01:00:00.000Z" }, // 19:00 in Chicago, two days on
      fixed: { utc: "2030-01-01T00:00:00.000Z" },
    });
    // A day later the same copy still says the same times.
    expect(freezeDefinition(stored, now + 86_400_000).catalogue!.events).toEqual(stored.catalogue!.events);
    // The alias lives on the channel row, not in the document.
    expect(storedJson(stored)).not.toHaveProperty("alias");
  });

  it("reads and replaces a section where it lives, creating parents", () => {
    const json = storedJson(freezeDefinition(def, now));
    expect(readSection(def, "teams")).toHaveLength(2);
    expect(readSection(def, "coupons")).toEqual([]);
    const next = withSection(json, "coupons", [{ code: "X" }]);
    expect(next.products).toEqual({ coupons: [{ code: "X" }] });
    expect(json.products).toBeUndefined(); // the input is not changed
    expect(itemKey("pages", { url: "/about" })).toBe("/about");
    expect(itemKey("settings", { url: "/about" })).toBeUndefined();
  });
});

describe("the stored definition of a rolling channel", () => {
  const anchor = Date.UTC(2026, 10, 25, 12, 10, 30);
  const def = parseTenantDefinition({ ...raw, schedule: "rolling", users: [] }, "gamma");
  const stored = freezeDefinition(def, anchor);
  const held = readSection(stored, "events") as Record<string, unknown>[];
  // Two days and an hour after loading (08:10 on the 27th in Chicago).
  const clock = { anchor, now: anchor + 2 * 86_400_000 + 3_600_000 };
  const shown = presentSection(stored, "events", held, clock) as Record<string, unknown>[];

  it("keeps its rules, and the console sees them where they stand now", () => {
    expect(held.map((e) => e.start)).toEqual([{ minutes: 30 }, { days: 2, at: "19:00" }, { utc: "2030-01-01T00:00:00Z" }]);
    expect(shown.map((e) => e.start)).toEqual([
      { utc: "2026-11-27T12:40:00.000Z" }, // 30 min after the anchor, two days on (not live at the anchor: rolls daily)
      { utc: "2026-11-30T01:00:00.000Z" }, // two days after today's date in Chicago, 19:00
      { utc: "2030-01-01T00:00:00Z" },
    ]);
    expect(presentSection(stored, "faq", [{ key: "x" }], clock)).toEqual([{ key: "x" }]);
  });

  it("keeps the rule of an item left alone or put back as shown; an edited item becomes absolute", () => {
    const edited = { ...shown[1], duration: 90 };
    const added = { ...shown[0], key: "added", start: { minutes: 10 } };
    const settled = settleSection(stored, "events", held, [held[0], edited, shown[2], added], clock) as Record<string, unknown>[];
    expect(settled.map((e) => [e.key, e.start])).toEqual([
      ["soon", { minutes: 30 }],
      ["friday", { utc: "2026-11-30T01:00:00.000Z" }],
      ["fixed", { utc: "2030-01-01T00:00:00Z" }],
      ["added", { utc: "2026-11-27T13:20:00.000Z" }], // a relative time the console writes counts from now
    ]);
    expect(settleSection(stored, "events", held, shown, clock)).toEqual(held);
  });
});

describe("colour readability", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#fff", "nope")).toBeNull();
  });

  it("checks each pair the site draws text with, over the platform palette", () => {
    const failing = contrastChecks({ "header-bg": "#eeeeee" }).filter((c) => !c.ok);
    expect(failing.map((c) => [c.foreground, c.background])).toEqual([["header-text", "header-bg"]]);
    expect(contrastChecks({}).every((c) => c.ok)).toBe(true);
  });

  it("a tenant with an unreadable pair is refused, naming the ratio", () => {
    expect(() => parseTenantDefinition({ ...raw, colors: { web: { text: "#cccccc", background: "#ffffff" } } }, "gamma")).toThrow(
      /colors\.web\.text: 1\.61:1 on background/,
    );
  });
});
