// The loader against real local D1/R2/KV (wrangler's getPlatformProxy, in memory), with the real migrations.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy, type PlatformProxy } from "wrangler";
import type { TenantDefinition } from "../../api/channels/definition";
import { loadTenant } from "../../api/channels/loader";
import { readTenant, type TenantSource } from "../../scripts/lib/tenant-reader";
import { applyMigrations, readMigrations } from "../../scripts/lib/d1-migrations";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The moment the catalogue's relative times count from. */
const NOW = Date.parse("2026-01-15T12:00:00Z");
let proxy: PlatformProxy<Env>;
let alpha: TenantSource;
let beta: TenantSource;

const load = (s: { definition: TenantDefinition; files: TenantSource["files"] }, now = NOW) =>
  loadTenant(proxy.env.DB, proxy.env.MEDIA, s.definition, s.files, { cache: proxy.env.CACHE, now });
const rows = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  (await proxy.env.DB.prepare(sql).bind(...params).all<T>()).results;
const snapshot = async () => {
  const tables = [
    ...["channels", "channel_domains", "channel_settings", "color_settings", "menu_items", "slides", "pages", "faqs", "custom_forms", "static_blocks"],
    ...["event_categories", "participant_group_properties", "participant_groups", "participants", "locations", "events"],
    ...["vod_media_categories", "vod_media_items", "vod_media_rails", "vod_media_rail_items"],
  ];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rows(`SELECT * FROM ${t} ORDER BY 1, 2`)])));
};

beforeAll(async () => {
  proxy = await getPlatformProxy<Env>({ configPath: path.join(ROOT, "wrangler.toml"), persist: false, remoteBindings: false });
  await applyMigrations(proxy.env.DB, await readMigrations(path.join(ROOT, "migrations")));
  [alpha, beta] = await Promise.all(["alpha", "beta"].map((t) => readTenant(path.join(ROOT, "tenants", t))));
}, 30_000);

afterAll(() => proxy?.dispose());

// `npm run setup` migrates through the same proxy (scripts/lib/d1-migrations.ts): wrangler's bookkeeping, so a state it
// migrated is one `wrangler d1 migrations apply` finds up to date.
describe("applyMigrations", () => {
  it("records every file once, in wrangler's table and order, and a second run applies nothing", async () => {
    const files = (await readdir(path.join(ROOT, "migrations"))).filter((f) => f.endsWith(".sql"));
    const recorded = await rows<{ id: number; name: string; applied_at: string }>("SELECT id, name, applied_at FROM d1_migrations ORDER BY id");
    expect(recorded.map((r) => r.name)).toEqual([...files].sort((a, b) => parseInt(a, 10) - parseInt(b, 10)));
    expect(recorded.every((r) => r.applied_at)).toBe(true);
    expect(await applyMigrations(proxy.env.DB, await readMigrations(path.join(ROOT, "migrations")))).toEqual([]);
    // The statements ran, not only the rows: the schema's tables are there.
    const [last] = await rows<{ n: number }>("SELECT count(*) n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('d1_migrations', '_cf_KV', '_cf_METADATA')");
    expect(last!.n).toBeGreaterThan(40);
  });

  it("a migration that fails leaves neither its statements nor its row", async () => {
    const broken = [{ name: "9999_broken.sql", statements: ["CREATE TABLE migration_probe (id INTEGER)", "INSERT INTO no_such_table VALUES (1)"] }];
    await expect(applyMigrations(proxy.env.DB, broken)).rejects.toThrow(/no_such_table/);
    expect(await rows("SELECT name FROM d1_migrations WHERE name = '9999_broken.sql'")).toEqual([]);
    expect(await rows("SELECT name FROM sqlite_master WHERE name = 'migration_probe'")).toEqual([]);
  });
});

// Each test loads whole channels into a local D1 (about 3 s alone); a busy 2-core machine doubles that.
describe("loadTenant", { timeout: 20_000 }, () => {
  it("loads a channel, and loading again changes nothing (same rows, same ids)", async () => {
    const first = await load(alpha);
    const before = await snapshot();
    const second = await load(alpha);
    expect(second.channelId).toBe(first.channelId);
    expect(second.images.uploaded).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect(first.counts).toMatchObject({ menu: 14, pages: 5, faq: 6, forms: 1, blocks: 2, sports: 3, schools: 6, teams: 21, events: 40, vod_rails: 4 });
    const [{ n }] = await rows<{ n: number }>("SELECT count(*) n FROM events e JOIN channels c ON c.id = e.channel_id WHERE c.alias = 'alpha'");
    expect(n).toBe(40);
  });

  it("gives a second channel the next ids, without gaps from reloads", async () => {
    const b = await load(beta);
    const [{ max }] = await rows<{ max: number }>("SELECT max(id) AS max FROM channels WHERE alias <> 'beta'");
    expect(b.channelId).toBe(max + 1);
    const [menu] = await rows<{ lo: number; hi: number; n: number }>("SELECT min(id) lo, max(id) hi, count(*) n FROM menu_items WHERE channel_id = ?", b.channelId);
    expect(menu.hi - menu.lo + 1).toBe(menu.n);
    const [events] = await rows<{ lo: number; hi: number; n: number }>("SELECT min(id) lo, max(id) hi, count(*) n FROM events WHERE channel_id = ?", b.channelId);
    expect(events.hi - events.lo + 1).toBe(events.n);
  });

  it("stores translatable text as given and nests menu children by key", async () => {
    const [about] = await rows<{ name: string; content: string }>(
      "SELECT p.name, p.content FROM pages p JOIN channels c ON c.id = p.channel_id WHERE c.alias = 'beta' AND p.url = '/billetterie'",
    );
    expect(JSON.parse(about.name)).toEqual({ fr: "Billetterie", en: "Tickets" });
    expect(Object.keys(JSON.parse(about.content))).toEqual(["en", "fr"]);
    const children = await rows<{ key: string; parent: string; placement: string }>(
      "SELECT m.key, p.key AS parent, m.placement FROM menu_items m JOIN menu_items p ON p.id = m.parent_id JOIN channels c ON c.id = m.channel_id WHERE c.alias = 'alpha'",
    );
    expect(children.map((c) => c.parent)).toEqual(["schools", "schools", "schools"]);
    expect(children.every((c) => c.placement === "header")).toBe(true);
  });

  it("uploads images to R2 and rewrites references to /api/assets/<path>?v=<hash>", async () => {
    const [logo] = await rows<{ value: string }>("SELECT s.value FROM channel_settings s JOIN channels c ON c.id = s.channel_id WHERE c.alias = 'alpha' AND s.key = 'logo'");
    expect(JSON.parse(logo.value)).toMatch(/^\/api\/assets\/logo\.svg\?v=[0-9a-f]{8}$/);
    const object = await proxy.env.MEDIA.get("channels/alpha/slides/friday-night.svg");
    expect(object?.httpMetadata?.contentType).toBe("image/svg+xml");
    expect(await object?.text()).toContain("<title>");
    const slides = await rows<{ image: string }>("SELECT s.image FROM slides s JOIN channels c ON c.id = s.channel_id WHERE c.alias = 'beta'");
    expect(slides.every((s) => /^\/api\/assets\/slides\/[a-z-]+\.svg\?v=[0-9a-f]{8}$/.test(s.image))).toBe(true);
  });

  it("updates changed rows in place and deletes rows no longer declared", async () => {
    const [{ id: scheduleId }] = await rows<{ id: number }>("SELECT id FROM menu_items WHERE key = 'schedule'");
    const def = structuredClone(alpha.definition);
    def.menu = def.menu.filter((m) => m.key !== "schools").map((m) => (m.key === "schedule" ? { ...m, name: "Calendar" } : m));
    def.faq = def.faq.slice(1);
    delete def.settings.title;
    const catalogue = def.catalogue!;
    const rails = catalogue.vod_rails.filter((r) => r.key !== "staff-picks").map((r) => (r.key === "highlights" ? { ...r, items: r.items.slice(1) } : r));
    def.catalogue = { ...catalogue, schools: catalogue.schools.map((s) => ({ ...s, images: {} })), events: catalogue.events.slice(1), vod_rails: rails };
    const [{ id: eventId }] = await rows<{ id: number }>("SELECT id FROM events WHERE key = ?", catalogue.events[1].key);
    await load({ definition: def, files: alpha.files.filter((f) => !f.path.startsWith("crests/")) });

    const menu = await rows<{ id: number; key: string; name: string }>("SELECT m.id, m.key, m.name FROM menu_items m JOIN channels c ON c.id = m.channel_id WHERE c.alias = 'alpha'");
    expect(menu.find((m) => m.key === "schedule")).toEqual({ id: scheduleId, key: "schedule", name: '"Calendar"' });
    expect(menu.map((m) => m.key)).not.toContain("school-northview-high");
    expect(menu).toHaveLength(10);
    expect(await rows("SELECT 1 FROM faqs f JOIN channels c ON c.id = f.channel_id WHERE c.alias = 'alpha' AND f.key = ?", alpha.definition.faq[0].key)).toEqual([]);
    expect(await rows("SELECT 1 FROM channel_settings s JOIN channels c ON c.id = s.channel_id WHERE c.alias = 'alpha' AND s.key = 'title'")).toEqual([]);
    expect(await proxy.env.MEDIA.head("channels/alpha/crests/northview-high.svg")).toBeNull();
    expect(await rows("SELECT 1 FROM events WHERE key = ?", catalogue.events[0].key)).toEqual([]);
    expect(await rows<{ id: number }>("SELECT id FROM events WHERE key = ?", catalogue.events[1].key)).toEqual([{ id: eventId }]);
    const [school] = await rows<{ images: string }>("SELECT images FROM participant_groups WHERE alias = 'northview-high'");
    expect(JSON.parse(school.images)).toEqual({});
    const railItems = await rows<{ rail: string; item: string }>(
      "SELECT r.key AS rail, i.key AS item FROM vod_media_rail_items ri JOIN vod_media_rails r ON r.id = ri.rail_id JOIN vod_media_items i ON i.id = ri.item_id " +
        "JOIN channels c ON c.id = r.channel_id WHERE c.alias = 'alpha' ORDER BY r.weight, ri.weight",
    );
    expect(railItems.filter((r) => r.rail === "highlights").map((r) => r.item)).toEqual(rails[0].items);
    expect(railItems.some((r) => r.rail === "staff-picks")).toBe(false);
    expect(await rows("SELECT 1 FROM vod_media_rails WHERE key = 'staff-picks' AND channel_id = (SELECT id FROM channels WHERE alias = 'alpha')")).toEqual([]);

    await load(alpha); // back to the real definition
    const [schedule] = await rows<{ id: number }>("SELECT id FROM menu_items WHERE key = 'schedule'");
    expect(schedule.id).toBe(scheduleId);
  });

  it("writes the catalogue with references resolved to ids", async () => {
    const [{ id: channelId }] = await rows<{ id: number }>("SELECT id FROM channels WHERE alias = 'alpha'");
    const teams = await rows<{ alias: string; school: string; sport: string; gender: string; images: string; color: string }>(
      "SELECT t.alias, g.alias AS school, s.alias AS sport, t.gender, t.images, t.color FROM participants t " +
        "JOIN participant_groups g ON g.id = t.group_id JOIN event_categories s ON s.id = t.event_category_id WHERE t.channel_id = ?",
      channelId,
    );
    expect(teams).toHaveLength(alpha.definition.catalogue!.teams.length);
    const northview = teams.find((t) => t.alias === "northview-boys-basketball")!;
    expect(northview).toMatchObject({ school: "northview-high", sport: "basketball", gender: "men", color: "#1f7a4d" });
    expect(JSON.parse(northview.images).logo).toMatch(/^\/api\/assets\/crests\/northview-high\.svg\?v=[0-9a-f]{8}$/);

    const events = await rows<{ key: string; home: string; away: string; sport: string; location: string; event_utc_ts: number; end_utc_ts: number; name: string; poster: string }>(
      "SELECT e.key, h.alias AS home, a.alias AS away, s.alias AS sport, l.key AS location, e.event_utc_ts, e.end_utc_ts, e.name, e.poster FROM events e " +
        "JOIN participants h ON h.id = e.home_team_id JOIN participants a ON a.id = e.away_team_id JOIN event_categories s ON s.id = e.event_category_id " +
        "JOIN locations l ON l.id = e.location_id WHERE e.channel_id = ? ORDER BY e.key",
      channelId,
    );
    expect(events).toHaveLength(40);
    const declared = alpha.definition.catalogue!.events[1];
    expect(events[1]).toMatchObject({ key: declared.key, home: declared.home, away: declared.away, sport: declared.sport, location: declared.location });
    // The demo events set no poster of their own: they show their matchup graphics (issue 28, ADR 037).
    expect(events.filter((e) => e.poster !== null)).toEqual([]);
    // Live, upcoming and finished relative to the loader's now.
    expect(events.filter((e) => e.event_utc_ts <= NOW && NOW < e.end_utc_ts)).toHaveLength(3);
    expect(events.filter((e) => e.event_utc_ts > NOW).length).toBeGreaterThanOrEqual(15);
    expect(events.filter((e) => e.end_utc_ts <= NOW).length).toBeGreaterThanOrEqual(12);

    const rail = await rows<{ key: string; search_text: string; event: string | null }>(
      "SELECT i.key, i.search_text, e.key AS event FROM vod_media_rail_items ri JOIN vod_media_rails r ON r.id = ri.rail_id " +
        "JOIN vod_media_items i ON i.id = ri.item_id LEFT JOIN events e ON e.id = i.event_id WHERE r.channel_id = ? AND r.key = 'highlights' ORDER BY ri.weight",
      channelId,
    );
    const highlights = alpha.definition.catalogue!.vod_rails.find((r) => r.key === "highlights")!;
    expect(rail.map((r) => r.key)).toEqual(highlights.items);
    expect(rail.every((r) => r.event !== null && r.search_text === r.search_text.toLowerCase())).toBe(true);

    const slides = await rows<{ key: string; slidable_type: string; slidable_id: number | null }>(
      "SELECT key, slidable_type, slidable_id FROM slides WHERE channel_id = ?",
      channelId,
    );
    const [{ id: groupId }] = await rows<{ id: number }>("SELECT id FROM participant_groups WHERE channel_id = ? AND alias = 'northview-high'", channelId);
    expect(slides.find((s) => s.key === "northview-hoops")?.slidable_id).toBe(groupId);
    expect(slides.filter((s) => s.slidable_type === "main").every((s) => s.slidable_id === null)).toBe(true);
    const [beta] = await rows<{ slidable_id: number; alias: string }>(
      "SELECT s.slidable_id, c.alias FROM slides s JOIN event_categories c ON c.id = s.slidable_id WHERE s.key = 'saison-hockey'",
    );
    expect(beta.alias).toBe("hockey");
  });

  it("keeps catalogue ids when loading later: only the relative times move", async () => {
    const ids = async () => rows<{ key: string; id: number; event_utc_ts: number }>("SELECT e.key, e.id, e.event_utc_ts FROM events e JOIN channels c ON c.id = e.channel_id WHERE c.alias = 'beta' ORDER BY e.key");
    const before = await ids();
    const items = await rows("SELECT i.id, i.key FROM vod_media_items i JOIN channels c ON c.id = i.channel_id WHERE c.alias = 'beta' ORDER BY i.id");
    await load(beta, NOW + 3_600_000);
    const after = await ids();
    expect(after.map((e) => [e.key, e.id])).toEqual(before.map((e) => [e.key, e.id]));
    expect(after.every((e, i) => e.event_utc_ts - before[i].event_utc_ts === 3_600_000 || e.event_utc_ts === before[i].event_utc_ts)).toBe(true);
    expect(after.some((e, i) => e.event_utc_ts !== before[i].event_utc_ts)).toBe(true);
    expect(await rows("SELECT i.id, i.key FROM vod_media_items i JOIN channels c ON c.id = i.channel_id WHERE c.alias = 'beta' ORDER BY i.id")).toEqual(items);
    await load(beta);
  });

  it("drops cached host configs and the channel's bootstrap data from KV", async () => {
    const kv = proxy.env.CACHE;
    await Promise.all(["config:alpha.localhost", "config:sport-beta.test", "bootstrap:alpha:en", "bootstrap:alpha:fr", "bootstrap:beta:fr"].map((k) => kv.put(k, "{}")));
    const result = await load(alpha);
    expect(result.cacheKeysDeleted).toBe(4);
    expect((await kv.list()).keys.map((k) => k.name)).toEqual(["bootstrap:beta:fr"]);
  });

  it("refuses a domain or channel key owned by another channel, writing nothing", async () => {
    const before = await snapshot();
    const stealDomain = { ...alpha.definition, alias: "thief", channel_key: "ck_thief_demo_12345678", domains: ["sport-beta.test"] };
    await expect(load({ definition: stealDomain, files: [] })).rejects.toThrow('domain "sport-beta.test" already belongs to channel "beta"');
    const stealKey = { ...beta.definition, alias: "thief", domains: [] };
    await expect(load({ definition: stealKey, files: beta.files })).rejects.toThrow('channel_key is already used by channel "beta"');
    expect(await snapshot()).toEqual(before);
  });
});
