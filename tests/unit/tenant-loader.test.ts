// The loader against real local D1/R2/KV (wrangler's getPlatformProxy, in memory), with the real migrations.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy, type PlatformProxy } from "wrangler";
import type { TenantDefinition } from "../../scripts/lib/tenant-definition";
import { loadTenant } from "../../scripts/lib/tenant-loader";
import { readTenant, type TenantSource } from "../../scripts/lib/tenant-reader";

const ROOT = path.resolve(import.meta.dirname, "../..");
let proxy: PlatformProxy<Env>;
let alpha: TenantSource;
let beta: TenantSource;

const load = (s: { definition: TenantDefinition; files: TenantSource["files"] }) =>
  loadTenant(proxy.env.DB, proxy.env.MEDIA, s.definition, s.files, { cache: proxy.env.CACHE });
const rows = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  (await proxy.env.DB.prepare(sql).bind(...params).all<T>()).results;
const snapshot = async () => {
  const tables = ["channels", "channel_domains", "channel_settings", "color_settings", "menu_items", "slides", "pages", "faqs", "custom_forms", "static_blocks"];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rows(`SELECT * FROM ${t} ORDER BY 1, 2`)])));
};

beforeAll(async () => {
  proxy = await getPlatformProxy<Env>({ configPath: path.join(ROOT, "wrangler.toml"), persist: false, remoteBindings: false });
  const dir = path.join(ROOT, "migrations");
  for (const file of (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort()) {
    const statements = (await readFile(path.join(dir, file), "utf8")).split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
    await proxy.env.DB.batch(statements.map((s) => proxy.env.DB.prepare(s)));
  }
  [alpha, beta] = await Promise.all(["alpha", "beta"].map((t) => readTenant(path.join(ROOT, "tenants", t))));
}, 30_000);

afterAll(() => proxy?.dispose());

describe("loadTenant", () => {
  it("loads a channel, and loading again changes nothing (same rows, same ids)", async () => {
    const first = await load(alpha);
    const before = await snapshot();
    const second = await load(alpha);
    expect(second.channelId).toBe(first.channelId);
    expect(second.images.uploaded).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect(first.counts).toMatchObject({ menu: 14, pages: 5, faq: 6, forms: 1, blocks: 2 });
  });

  it("gives a second channel the next ids, without gaps from reloads", async () => {
    const b = await load(beta);
    const [{ max }] = await rows<{ max: number }>("SELECT max(id) AS max FROM channels WHERE alias <> 'beta'");
    expect(b.channelId).toBe(max + 1);
    const [menu] = await rows<{ lo: number; hi: number; n: number }>("SELECT min(id) lo, max(id) hi, count(*) n FROM menu_items WHERE channel_id = ?", b.channelId);
    expect(menu.hi - menu.lo + 1).toBe(menu.n);
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
    await load({ definition: def, files: alpha.files.filter((f) => !f.path.startsWith("crests/")) });

    const menu = await rows<{ id: number; key: string; name: string }>("SELECT m.id, m.key, m.name FROM menu_items m JOIN channels c ON c.id = m.channel_id WHERE c.alias = 'alpha'");
    expect(menu.find((m) => m.key === "schedule")).toEqual({ id: scheduleId, key: "schedule", name: '"Calendar"' });
    expect(menu.map((m) => m.key)).not.toContain("school-northview-high");
    expect(menu).toHaveLength(10);
    expect(await rows("SELECT 1 FROM faqs f JOIN channels c ON c.id = f.channel_id WHERE c.alias = 'alpha' AND f.key = ?", alpha.definition.faq[0].key)).toEqual([]);
    expect(await rows("SELECT 1 FROM channel_settings s JOIN channels c ON c.id = s.channel_id WHERE c.alias = 'alpha' AND s.key = 'title'")).toEqual([]);
    expect(await proxy.env.MEDIA.head("channels/alpha/crests/northview-high.svg")).toBeNull();

    await load(alpha); // back to the real definition
    const [schedule] = await rows<{ id: number }>("SELECT id FROM menu_items WHERE key = 'schedule'");
    expect(schedule.id).toBe(scheduleId);
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
