// tenants/<alias>/products.json: the demo catalogues, the file's validation, and loading it with every key
// resolved to ids (real local D1 through wrangler's getPlatformProxy, in memory, with the real migrations).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy, type PlatformProxy } from "wrangler";
import { loadTenant } from "../../api/channels/loader";
import { productsFileSchema } from "../../api/channels/products";
import { readTenant, type TenantSource } from "../../scripts/lib/tenant-reader";
import { applyMigrations, readMigrations } from "../../scripts/lib/d1-migrations";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NOW = Date.parse("2026-01-15T12:00:00Z");
let proxy: PlatformProxy<Env>;
const tenants: Record<string, TenantSource> = {};

const rows = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]) => (await proxy.env.DB.prepare(sql).bind(...params).all<T>()).results;

beforeAll(async () => {
  proxy = await getPlatformProxy<Env>({ configPath: path.join(ROOT, "wrangler.toml"), persist: false, remoteBindings: false });
  await applyMigrations(proxy.env.DB, await readMigrations(path.join(ROOT, "migrations")));
  for (const t of ["alpha", "beta"]) tenants[t] = await readTenant(path.join(ROOT, "tenants", t));
}, 30_000);

afterAll(() => proxy?.dispose());

describe("the demo catalogues", () => {
  it.each(["alpha", "beta"])("%s sells a season pass, monthly trial, annual plan, team pass, ppv, bundle and addon", (alias) => {
    const { products } = tenants[alias].definition.products!;
    const find = (key: string) => products.find((p) => p.key === key)!;
    expect(find("season-pass")).toMatchObject({ kind: "package", type: "category", period: "annual" });
    expect(find("season-pass").sports).toEqual(tenants[alias].definition.catalogue!.sports.map((s) => s.alias));
    expect(find("monthly")).toMatchObject({ kind: "subscription", period: "month", trial_days: 30 });
    expect(find("annual")).toMatchObject({ kind: "subscription", period: "annual" });
    expect(find("team-pass")).toMatchObject({ team_pass: true, max_choices: 1 });
    expect(find("downloads-addon")).toMatchObject({ addon_of: "season-pass" });
    expect(products.find((p) => p.kind === "bundle")?.items).toEqual(["season-pass", "downloads-addon"]);
    const ppvEvents = tenants[alias].definition.catalogue!.events.filter((e) => e.access_type === "ppv").map((e) => e.key);
    expect(products.filter((p) => p.type === "single").map((p) => p.event)).toEqual(ppvEvents);
  });

  it("prices beta in CAD with French names first, alpha in USD", async () => {
    expect(tenants.beta.definition.products!.currency).toBe("CAD");
    const raw = JSON.parse(await readFile(path.join(ROOT, "tenants", "beta", "products.json"), "utf8"));
    expect(raw.products.every((p: { name: object }) => Object.keys(p.name)[0] === "fr")).toBe(true);
    expect(tenants.alpha.definition.products!.currency).toBe("USD");
  });
});

describe("productsFileSchema", () => {
  const base = { key: "p", kind: "package", type: "category", name: "Pass", price: 10, sports: ["hockey"] };
  const issues = (file: unknown) => {
    const r = productsFileSchema.safeParse(file);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("refuses inconsistent products and coupons with their paths", () => {
    expect(issues({ products: [{ ...base, price: 9.999 }] })).toEqual(["products.0.price: must have at most two decimals"]);
    expect(issues({ products: [{ ...base, kind: "subscription", type: undefined }] })).toContain('products.0.period: is required for a subscription ("month" or "annual")');
    expect(issues({ products: [{ ...base, type: "single" }] })).toContain("products.0.event: a single-event package names its event");
    expect(issues({ products: [base, { ...base, key: "a", addon_of: "nope", type: undefined }] })).toContain('products.1.addon_of: unknown product "nope"');
    expect(issues({ products: [base, base] })).toContain('products.1.key: duplicate key "p"');
    expect(issues({ products: [base], coupons: [{ code: "X10", percent_off: 10, amount_off: 1 }] })).toContain("coupons.0.percent_off: give exactly one of percent_off and amount_off");
    expect(issues({ products: [base], coupons: [{ code: "X10", percent_off: 10, products: ["q"] }] })).toContain('coupons.0.products.0: unknown product "q"');
  });

  it("reports a sport the catalogue lacks against products.json", async () => {
    const { mkdtemp, writeFile, cp } = await import("node:fs/promises");
    const dir = await mkdtemp(path.join((await import("node:os")).tmpdir(), "products-"));
    await cp(path.join(ROOT, "tenants", "alpha"), path.join(dir, "alpha"), { recursive: true });
    const file = JSON.parse(await readFile(path.join(ROOT, "tenants", "alpha", "products.json"), "utf8"));
    file.products[0].sports = ["curling"];
    await writeFile(path.join(dir, "alpha", "products.json"), JSON.stringify(file));
    await expect(readTenant(path.join(dir, "alpha"))).rejects.toThrow(/products\.json: products\.0\.sports\.0: unknown sport "curling"/);
  });
});

// A load hashes every demo password with PBKDF2 at the Workers cap: seconds on a busy 2-core machine.
describe("loading products", { timeout: 30_000 }, () => {
  it("resolves sports, teams, events, addons and bundle items to ids, and keeps ids on reload", async () => {
    const first = await loadTenant(proxy.env.DB, proxy.env.MEDIA, tenants.alpha.definition, tenants.alpha.files, { now: NOW });
    const before = await rows("SELECT * FROM products ORDER BY id");
    await loadTenant(proxy.env.DB, proxy.env.MEDIA, tenants.alpha.definition, tenants.alpha.files, { now: NOW });
    expect(await rows("SELECT * FROM products ORDER BY id")).toEqual(before);
    expect(first.counts).toMatchObject({ products: tenants.alpha.definition.products!.products.length, coupons: 4 });

    const byKey = new Map((await rows<Record<string, unknown> & { key: string }>("SELECT * FROM products WHERE channel_id = ?", first.channelId)).map((r) => [r.key, r]));
    const season = byKey.get("season-pass")!;
    const sports = await rows<{ id: number }>("SELECT id FROM event_categories WHERE channel_id = ? ORDER BY weight, id", first.channelId);
    expect(JSON.parse(season.event_category_ids as string)).toEqual(sports.map((s) => s.id));
    expect(season).toMatchObject({ price: 8999, base_price: 11999, service_fee: 250, currency: "USD", period: "annual", pass_type: "regular" });
    expect(byKey.get("downloads-addon")).toMatchObject({ addon_of: season.id, pass_type: "addition" });
    expect(JSON.parse(byKey.get("season-downloads-bundle")!.bundle_item_ids as string)).toEqual([season.id, byKey.get("downloads-addon")!.id]);
    const teamIds = JSON.parse(byKey.get("team-pass")!.participant_ids as string) as number[];
    expect(teamIds).toHaveLength(tenants.alpha.definition.products!.products.find((p) => p.key === "team-pass")!.teams.length);
    expect(teamIds.every((id) => typeof id === "number")).toBe(true);
    const [event] = await rows<{ key: string }>("SELECT key FROM events WHERE id = ?", byKey.get("ppv-avac-005")!.event_id);
    expect(event.key).toBe("avac-005");

    const coupons = await rows<{ code: string; valid_until: number | null; product_ids: string; amount_off: number | null }>(
      "SELECT code, valid_until, product_ids, amount_off FROM coupons WHERE channel_id = ? ORDER BY code",
      first.channelId,
    );
    expect(coupons.map((c) => c.code)).toEqual(["LOYAL3", "SUMMER2025", "TEAM5", "WELCOME10"]);
    expect(coupons.find((c) => c.code === "SUMMER2025")!.valid_until).toBe(Date.parse("2025-09-01T00:00:00Z"));
    expect(coupons.find((c) => c.code === "TEAM5")).toMatchObject({ amount_off: 500, product_ids: JSON.stringify([byKey.get("team-pass")!.id]) });
  });
});
