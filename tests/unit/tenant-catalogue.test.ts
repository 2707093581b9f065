// The catalogue part of the tenant format (tenants/<alias>/catalogue.json): the demo catalogues, relative times
// from an injected "now", and strict cross references.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveEvents, resolveStart, resolveVodItems, searchText, type Catalogue } from "../../api/channels/catalogue";
import { parseTenantDefinition } from "../../api/channels/definition";
import { readTenant } from "../../scripts/lib/tenant-reader";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NOW = Date.parse("2026-01-15T12:00:00Z");
const MIN = 60_000;
const DAY = 86_400_000;

/** A small valid channel with a catalogue; each test breaks one thing. */
const base = () => ({
  name: "Test Channel",
  channel_key: "ck_test_demo_0123456789",
  settings: { language: "en" },
  menu: [{ key: "school-a", placement: "header", kind: "group", alias: "school-a", name: "School A" }],
  catalogue: {
    time_zone: "America/Chicago",
    sports: [{ alias: "hockey", name: "Hockey" }],
    participant_group_properties: [{ key: "division", name: "Division", values: ["D1", "D2"] }],
    schools: [
      { alias: "school-a", name: "School A", short_name: "A", color: "#112233", properties: { division: "D1" } },
      { alias: "school-b", name: "School B", short_name: "B" },
    ],
    teams: [
      { alias: "a-hockey-m", name: "A Men's Hockey", short_name: "A", school: "school-a", sport: "hockey", gender: "men" },
      { alias: "b-hockey-m", name: "B Men's Hockey", short_name: "B", school: "school-b", sport: "hockey", gender: "men" },
      { alias: "b-hockey-f", name: "B Women's Hockey", short_name: "B", school: "school-b", sport: "hockey", gender: "women" },
    ],
    locations: [{ key: "rink-a", name: "Rink A", city: "Chicago", state: "IL" }],
    events: [{ key: "g1", access_type: "ppv", start: { days: 2, at: "19:00" }, duration: 150, location: "rink-a", sport: "hockey", home: "a-hockey-m", away: "b-hockey-m" }],
    vod_categories: [{ alias: "highlights", name: "Highlights" }],
    vod_items: [{ key: "v1", title: { en: "Game One", fr: "Match un" }, category: "highlights", event: "g1" }],
    vod_rails: [{ key: "top", title: "Top", items: ["v1"] }],
  },
});
type Raw = ReturnType<typeof base>;

const parse = (raw: unknown) => parseTenantDefinition(raw, "test", "tenants/test/channel.json", "tenants/test/catalogue.json");
const errorOf = (raw: unknown) => {
  try {
    parse(raw);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected the definition to be refused");
};
const withCatalogue = (change: (c: Raw["catalogue"]) => void) => {
  const raw = base();
  change(raw.catalogue);
  return raw;
};

describe("demo catalogues", () => {
  it.each(["alpha", "beta"])("%s has ≥ 6 schools, ≥ 12 teams over 3 sports (men and women), ~40 events and VOD rails", async (alias) => {
    const { definition: def } = await readTenant(path.join(ROOT, "tenants", alias));
    const c = def.catalogue!;
    expect(c.schools.length).toBeGreaterThanOrEqual(6);
    expect(c.teams.length).toBeGreaterThanOrEqual(12);
    expect(new Set(c.teams.map((t) => t.sport)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(c.teams.map((t) => t.gender))).toEqual(new Set(["men", "women"]));
    expect(c.events.length).toBeGreaterThanOrEqual(36);
    expect(new Set(c.events.map((e) => e.access_type))).toEqual(new Set(["free", "register", "paid", "ppv"]));
    // The demo channels' games name the demo match, the one place it plays.
    expect(c.events.every((e) => e.media_key === "demo")).toBe(true);
    expect(new Set(c.locations.map((l) => l.city)).size).toBeGreaterThanOrEqual(3);
    expect(c.vod_items.length).toBeGreaterThanOrEqual(12);
    expect(c.vod_rails.length).toBeGreaterThanOrEqual(3);
    expect(c.vod_items.some((v) => v.event)).toBe(true);
    // Every school has a crest, and every school of the channel's menu exists.
    expect(c.schools.every((s) => s.images.logo?.startsWith("crests/"))).toBe(true);
  });

  it.each([
    ["alpha", ["northview-high", "riverside-academy", "lakewood-prep"], "basketball"],
    ["beta", ["college-saint-laurent", "ecole-mont-royal", "academie-des-erables"], "hockey"],
  ])("%s keeps the schools and the sport its menu and slides link to", async (alias, schools, sport) => {
    const { definition: def } = await readTenant(path.join(ROOT, "tenants", alias));
    expect(def.catalogue!.schools.map((s) => s.alias)).toEqual(expect.arrayContaining(schools));
    expect(def.catalogue!.sports.map((s) => s.alias)).toContain(sport);
  });

  it.each(["alpha", "beta"])("%s, loaded at a given now, has live, upcoming (next 14 days) and finished events", async (alias) => {
    const { definition: def } = await readTenant(path.join(ROOT, "tenants", alias));
    const events = resolveEvents(def.catalogue!, NOW);
    const live = events.filter((e) => e.eventUtcTs <= NOW && NOW < e.endUtcTs);
    const upcoming = events.filter((e) => e.eventUtcTs > NOW);
    const finished = events.filter((e) => e.endUtcTs <= NOW);
    expect(live).toHaveLength(3);
    for (const e of live) {
      expect(NOW - e.eventUtcTs).toBeGreaterThanOrEqual(20 * MIN);
      expect(NOW - e.eventUtcTs).toBeLessThanOrEqual(60 * MIN);
    }
    expect(upcoming.length).toBeGreaterThanOrEqual(15);
    expect(upcoming.every((e) => e.eventUtcTs - NOW <= 15 * DAY)).toBe(true);
    expect(finished.length).toBeGreaterThanOrEqual(12);
    expect(finished.every((e) => NOW - e.eventUtcTs <= 22 * DAY)).toBe(true);
    expect(events.every((e) => e.endUtcTs - e.eventUtcTs === e.duration * MIN)).toBe(true);
    // type follows the access type; gender comes from the teams.
    expect(events.every((e) => e.type === (e.access_type === "paid" || e.access_type === "ppv" ? "paid" : "free"))).toBe(true);
    const teams = new Map(def.catalogue!.teams.map((t) => [t.alias, t]));
    expect(events.every((e) => e.gender === teams.get(e.home)!.gender && e.gender === teams.get(e.away)!.gender)).toBe(true);
  });
});

describe("relative times", () => {
  it("offsets minutes from now", () => {
    expect(resolveStart({ minutes: -30 }, NOW, "UTC")).toBe(NOW - 30 * MIN);
    expect(resolveStart({ minutes: 90 }, NOW + 15_000, "UTC")).toBe(NOW + 90 * MIN); // whole minutes
  });

  it("puts {days, at} at a wall-clock time in the time zone", () => {
    // 2026-01-15 12:00Z is 07:00 in Toronto (EST, UTC-5): today 19:30 there is 00:30Z the next day.
    expect(new Date(resolveStart({ days: 0, at: "19:30" }, NOW, "America/Toronto")).toISOString()).toBe("2026-01-16T00:30:00.000Z");
    expect(new Date(resolveStart({ days: 2, at: "18:00" }, NOW, "America/Los_Angeles")).toISOString()).toBe("2026-01-18T02:00:00.000Z");
    expect(new Date(resolveStart({ days: -3, at: "09:15" }, NOW, "Europe/Paris")).toISOString()).toBe("2026-01-12T08:15:00.000Z");
    // Across a DST change (Toronto moves to EDT on 2026-03-08): same wall-clock time, different offset.
    const march = Date.parse("2026-03-05T15:00:00Z");
    expect(new Date(resolveStart({ days: 5, at: "19:00" }, march, "America/Toronto")).toISOString()).toBe("2026-03-10T23:00:00.000Z");
  });

  it("counts days on the local calendar, not UTC's", () => {
    // 02:00Z on the 15th is still the 14th in Los Angeles: "tomorrow" there is the 15th.
    const lateEvening = Date.parse("2026-01-15T02:00:00Z");
    expect(new Date(resolveStart({ days: 1, at: "10:00" }, lateEvening, "America/Los_Angeles")).toISOString()).toBe("2026-01-15T18:00:00.000Z");
  });

  it("names events away @ home by default, dates VOD items at their event's end, and builds search text", () => {
    const c = parse(base()).catalogue as Catalogue;
    const [event] = resolveEvents(c, NOW);
    // No video until one is named or arrives (issue 26): the demo match is never a stand-in for a game.
    expect(event).toMatchObject({ name: "B @ A", type: "paid", gender: "men", timeZone: "America/Chicago", media_key: null });
    expect(new Date(event.eventUtcTs).toISOString()).toBe("2026-01-18T01:00:00.000Z"); // 19:00 CST
    const [item] = resolveVodItems(c, NOW);
    expect(item.date).toBe(event.endUtcTs);
    expect(item.searchText).toBe("game one match un");
    expect(searchText("Top 10")).toBe("top 10");
  });
});

describe("catalogue validation", () => {
  it("accepts the small catalogue", () => {
    const def = parse(base());
    expect(def.catalogue?.teams).toHaveLength(3);
    expect(def.catalogue?.vod_items[0].requires_vod_media).toBe(false);
  });

  it("refuses an unknown school, sport or team alias, naming catalogue.json, the path and the alias", () => {
    expect(errorOf(withCatalogue((c) => (c.teams[0].school = "nowhere-high")))).toContain('tenants/test/catalogue.json: teams.0.school: unknown school "nowhere-high"');
    expect(errorOf(withCatalogue((c) => (c.teams[1].sport = "curling")))).toContain('catalogue.json: teams.1.sport: unknown sport "curling"');
    expect(errorOf(withCatalogue((c) => (c.events[0].home = "ghosts")))).toContain('catalogue.json: events.0.home: unknown team "ghosts"');
    expect(errorOf(withCatalogue((c) => (c.events[0].location = "moon")))).toContain('events.0.location: unknown location "moon"');
    expect(errorOf(withCatalogue((c) => (c.vod_items[0].event = "g9")))).toContain('vod_items.0.event: unknown event "g9"');
    expect(errorOf(withCatalogue((c) => c.vod_rails[0].items.push("v2")))).toContain('vod_rails.0.items.1: unknown vod item "v2"');
  });

  it("refuses teams of different genders or sports in one event, and a team playing itself", () => {
    expect(errorOf(withCatalogue((c) => (c.events[0].away = "b-hockey-f")))).toContain('events.0.away: "b-hockey-f" (women) cannot play "a-hockey-m" (men)');
    expect(errorOf(withCatalogue((c) => (c.events[0].away = "a-hockey-m")))).toContain("events.0.away: a team cannot play itself");
  });

  it("refuses duplicate aliases, bad properties, bad times and bad time zones", () => {
    expect(errorOf(withCatalogue((c) => c.schools.push({ alias: "school-a", name: "Again", short_name: "A2" })))).toContain('schools.2: duplicate alias "school-a"');
    expect(errorOf(withCatalogue((c) => (c.schools[0].properties = { division: "D9" })))).toContain('schools.0.properties.division: "D9" is not a value of property "division"');
    expect(errorOf(withCatalogue((c) => (c.events[0].start = { days: 1, at: "7pm" })))).toMatch(/events\.0\.start/);
    expect(errorOf(withCatalogue((c) => (c.time_zone = "Mars/Olympus")))).toContain("time_zone: must be an IANA time zone");
    expect(errorOf(withCatalogue((c) => ((c.events[0] as Record<string, unknown>).media_key = "../x")))).toContain("events.0.media_key: must be a media asset name");
    expect(parse(withCatalogue((c) => ((c.events[0] as Record<string, unknown>).media_key = null))).catalogue?.events[0].media_key).toBeNull();
    expect(errorOf(withCatalogue((c) => ((c.teams[0] as Record<string, unknown>).colour = "#ffffff")))).toContain("catalogue.json: teams.0.colour: unknown key");
    const loop = withCatalogue((c) => {
      c.sports.push({ alias: "ice", name: "Ice", parent: "hockey" } as (typeof c.sports)[number]);
      (c.sports[0] as Record<string, unknown>).parent = "ice";
    });
    expect(errorOf(loop)).toContain('sports.0.parent: parents loop back to "hockey"');
  });

  it("checks menu items and slides against the catalogue's schools, teams and sports", () => {
    const menu = [{ key: "s", placement: "header", kind: "group", alias: "school-z", name: "Z" }];
    expect(errorOf({ ...base(), menu })).toContain('channel.json: menu.0.alias: unknown school "school-z" (not in the catalogue)');
    const slides = [{ key: "x", slidable_type: "participant", slidable_alias: "nobody", title: "X", image: "x.svg" }];
    expect(errorOf({ ...base(), slides })).toContain('slides.0.slidable_alias: unknown team "nobody"');
    // Without a catalogue, aliases are not checked (a channel may link to schools it does not host yet).
    const { catalogue: _, ...noCatalogue } = base();
    expect(parse({ ...noCatalogue, menu }).menu).toHaveLength(1);
  });
});

describe("reading catalogue.json", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  async function tenantDir(files: Record<string, string>) {
    const root = await mkdtemp(path.join(tmpdir(), "tenant-"));
    dirs.push(root);
    const dir = path.join(root, "demo");
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    return dir;
  }
  const split = () => {
    const { catalogue, ...channel } = base();
    return { "channel.json": JSON.stringify(channel), "catalogue.json": JSON.stringify(catalogue) };
  };

  it("reads the catalogue from its own file", async () => {
    const { definition } = await readTenant(await tenantDir(split()));
    expect(definition.catalogue?.schools.map((s) => s.alias)).toEqual(["school-a", "school-b"]);
  });

  it("names catalogue.json in errors, and a missing poster with its path", async () => {
    const files = split();
    const bad = JSON.parse(files["catalogue.json"]);
    bad.teams[0].school = "nowhere-high";
    await expect(readTenant(await tenantDir({ ...files, "catalogue.json": JSON.stringify(bad) }))).rejects.toThrow(
      /demo\/catalogue\.json: teams\.0\.school: unknown school "nowhere-high"/,
    );
    const poster = JSON.parse(files["catalogue.json"]);
    poster.events[0].poster = "posters/missing.svg";
    await expect(readTenant(await tenantDir({ ...files, "catalogue.json": JSON.stringify(poster) }))).rejects.toThrow(
      /demo\/catalogue\.json: events\.0\.poster: image "posters\/missing\.svg" not found/,
    );
  });

  it("refuses a catalogue given in both files", async () => {
    const files = split();
    await expect(readTenant(await tenantDir({ ...files, "channel.json": JSON.stringify(base()) }))).rejects.toThrow(/given both here and in .*catalogue\.json/);
  });
});
