// Demo accounts from users.json: hashed with the API's PBKDF2, inserted once, never reset by a later load.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy, type PlatformProxy } from "wrangler";
import { verifyPassword } from "../../api/services/auth/passwords";
import { parseTenantDefinition } from "../../api/channels/definition";
import { loadTenant } from "../../api/channels/loader";
import { readTenant, type TenantSource } from "../../scripts/lib/tenant-reader";
import { applyMigrations, readMigrations } from "../../scripts/lib/d1-migrations";
import { usersFileSchema } from "../../api/channels/users";

const ROOT = path.resolve(import.meta.dirname, "../..");
let proxy: PlatformProxy<Env>;
let alpha: TenantSource;

interface UserRow {
  email: string;
  password_hash: string;
  temporary_password: number;
  email_verified_at: number | null;
  language: string;
  role: string;
}
const users = async () => (await proxy.env.DB.prepare("SELECT * FROM users ORDER BY email").all<UserRow>()).results;
const load = () => loadTenant(proxy.env.DB, proxy.env.MEDIA, alpha.definition, alpha.files, { now: 1_000 });

beforeAll(async () => {
  proxy = await getPlatformProxy<Env>({ configPath: path.join(ROOT, "wrangler.toml"), persist: false, remoteBindings: false });
  await applyMigrations(proxy.env.DB, await readMigrations(path.join(ROOT, "migrations")));
  alpha = await readTenant(path.join(ROOT, "tenants", "alpha"));
}, 30_000);

afterAll(() => proxy?.dispose());

// Each load hashes every demo password with PBKDF2 at the Workers cap: seconds on a busy 2-core machine.
describe("tenant users", { timeout: 30_000 }, () => {
  it("reads users.json with the passwords hashed, never kept in clear", () => {
    const emails = alpha.definition.users.map((u) => u.email);
    expect(emails).toEqual(["fan@alpha.test", "coach@alpha.test", "viewer@alpha.test", "owner@alpha.test", "admin@alpha.test"]);
    expect(JSON.stringify(alpha.definition)).not.toContain("Password123!");
    expect(alpha.definition.users[0].password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
  });

  it("inserts the accounts with their flags, and a reload keeps a changed password", async () => {
    const result = await load();
    expect(result.counts).toMatchObject({ users: 5, orders: 1 });
    const [admin, coach, fan, owner] = await users();
    expect(admin).toMatchObject({ email: "admin@alpha.test", role: "admin" });
    expect(fan).toMatchObject({ email: "fan@alpha.test", temporary_password: 0, email_verified_at: 1_000, language: "en", role: "viewer" });
    expect(owner).toMatchObject({ email: "owner@alpha.test", role: "owner" });
    expect(coach).toMatchObject({ email: "coach@alpha.test", temporary_password: 1 });
    expect(await verifyPassword("Password123!", fan.password_hash)).toBe(true);
    expect(await verifyPassword("Temp-Pass-2026", coach.password_hash)).toBe(true);

    await proxy.env.DB.prepare("UPDATE users SET password_hash = 'changed', temporary_password = 0 WHERE email = 'coach@alpha.test'").run();
    // An owner account that lost its role (or existed before the file named it) is granted it again at load.
    await proxy.env.DB.prepare("UPDATE users SET role = 'viewer' WHERE email IN ('owner@alpha.test', 'admin@alpha.test')").run();
    await load();
    const again = await users();
    expect(again).toHaveLength(5);
    expect(again[0]).toMatchObject({ email: "admin@alpha.test", role: "admin" });
    expect(again[3]).toMatchObject({ email: "owner@alpha.test", role: "owner" });
    expect(again[1]).toMatchObject({ email: "coach@alpha.test", password_hash: "changed", temporary_password: 0 });
  });

  it("seeds the demo viewer's annual plan once as a real purchase (paid charge), and never re-adds a changed one", async () => {
    await load();
    const orders = async () =>
      (await proxy.env.DB.prepare("SELECT o.* FROM orders AS o JOIN users AS u ON u.id = o.user_id WHERE u.email = 'viewer@alpha.test'").all<Record<string, unknown>>())
        .results;
    const annual = (await proxy.env.DB.prepare("SELECT * FROM products WHERE key = 'annual'").first<Record<string, unknown>>())!;
    const [pass, ...rest] = await orders();
    expect(rest).toHaveLength(0);
    const end = 1_000 + 365 * 86_400_000;
    expect(pass).toMatchObject({ type: "subscription", product_id: annual.id, status: "paid", activity_status: "active", provider: "seed", starts_at: 1_000, ends_at: end });
    expect(pass).toMatchObject({ amount: annual.price, currency: "USD", subscription_status: "active", current_period_end: end });
    // What the product grants, as users.json states it.
    expect(JSON.parse(pass.capabilities as string)).toEqual(["watch", "download", "clipping", "download_clip", "no_ads", "vod_media"]);
    expect(JSON.parse(pass.limits as string)).toEqual({ clips: 50, downloads: 20 });
    const charges = await proxy.env.DB.prepare("SELECT * FROM transactions WHERE order_id = ?").bind(pass.id).all<Record<string, unknown>>();
    expect(charges.results).toEqual([expect.objectContaining({ kind: "charge", status: "paid", amount: annual.price, currency: "USD", created_at: 1_000 })]);
    await proxy.env.DB.prepare("UPDATE orders SET status = 'refunded'").run();
    await load();
    expect((await orders()).map((o) => o.status)).toEqual(["refunded"]);
    expect((await proxy.env.DB.prepare("SELECT count(*) AS n FROM transactions WHERE order_id = ?").bind(pass.id).first<{ n: number }>())!.n).toBe(1);
  });

  it("refuses a demo purchase of an unknown product, a bundle, or one stating other capabilities or limits", () => {
    const base = { email: "a@x.test", first_name: "A", last_name: "B", password: "long-enough" };
    const bad = usersFileSchema.safeParse([{ ...base, orders: [{ type: "subscription" }, { product: "" }] }]);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["0.orders.0", "0.orders.1.product"]));
    const raw = { ...JSON.parse(JSON.stringify(alpha.definition)), users: [] };
    const buyer = (orders: unknown[]) => ({ ...alpha.definition.users[0], orders });
    expect(() => parseTenantDefinition({ ...raw, users: [buyer([{ product: "curling-pass" }, { product: "season-downloads-bundle" }])] }, "alpha")).toThrow(
      /unknown product "curling-pass"[\s\S]*unknown product "season-downloads-bundle"/,
    );
    expect(() => parseTenantDefinition({ ...raw, users: [buyer([{ product: "annual", capabilities: ["watch"], limits: { clips: 1 } }])] }, "alpha")).toThrow(
      /capabilities[\s\S]*differ from the product's[\s\S]*limits/,
    );
    expect(() => parseTenantDefinition({ ...raw, users: [buyer([{ product: "season-pass" }])] }, "alpha")).not.toThrow();
  });

  it("refuses a short password, an unknown key and a duplicate email", () => {
    const result = usersFileSchema.safeParse([
      { email: "a@x.test", first_name: "A", last_name: "B", password: "short" },
      { email: "A@x.test", first_name: "A", last_name: "B", password: "long-enough", nickname: "Al" },
      { email: "c@x.test", first_name: "C", last_name: "D", password: "long-enough", role: "root" },
    ]);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => `${i.path.join(".")}:${i.code}`);
    expect(paths).toEqual(expect.arrayContaining(["0.password:too_small", "1:unrecognized_keys", "2.role:invalid_value"]));
    const twice = usersFileSchema.safeParse([
      { email: "a@x.test", first_name: "A", last_name: "B", password: "long-enough" },
      { email: "A@x.test", first_name: "A", last_name: "B", password: "long-enough" },
    ]);
    expect(twice.error?.issues.map((i) => i.message)).toEqual(['duplicate email "a@x.test"']);
  });
});
