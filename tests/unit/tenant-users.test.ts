// Demo accounts from users.json: hashed with the API's PBKDF2, inserted once, never reset by a later load.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy, type PlatformProxy } from "wrangler";
import { verifyPassword } from "../../api/services/auth/passwords";
import { parseTenantDefinition } from "../../scripts/lib/tenant-definition";
import { loadTenant } from "../../scripts/lib/tenant-loader";
import { readTenant, type TenantSource } from "../../scripts/lib/tenant-reader";
import { usersFileSchema } from "../../scripts/lib/tenant-users";

const ROOT = path.resolve(import.meta.dirname, "../..");
let proxy: PlatformProxy<Env>;
let alpha: TenantSource;

interface UserRow {
  email: string;
  password_hash: string;
  temporary_password: number;
  email_verified_at: number | null;
  language: string;
}
const users = async () => (await proxy.env.DB.prepare("SELECT * FROM users ORDER BY email").all<UserRow>()).results;
const load = () => loadTenant(proxy.env.DB, proxy.env.MEDIA, alpha.definition, alpha.files, { now: 1_000 });

beforeAll(async () => {
  proxy = await getPlatformProxy<Env>({ configPath: path.join(ROOT, "wrangler.toml"), persist: false, remoteBindings: false });
  const dir = path.join(ROOT, "migrations");
  for (const file of (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort()) {
    const statements = (await readFile(path.join(dir, file), "utf8")).split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
    await proxy.env.DB.batch(statements.map((s) => proxy.env.DB.prepare(s)));
  }
  alpha = await readTenant(path.join(ROOT, "tenants", "alpha"));
}, 30_000);

afterAll(() => proxy?.dispose());

describe("tenant users", () => {
  it("reads users.json with the passwords hashed, never kept in clear", () => {
    const emails = alpha.definition.users.map((u) => u.email);
    expect(emails).toEqual(["fan@alpha.test", "coach@alpha.test", "viewer@alpha.test"]);
    expect(JSON.stringify(alpha.definition)).not.toContain("Password123!");
    expect(alpha.definition.users[0].password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
  });

  it("inserts the accounts with their flags, and a reload keeps a changed password", async () => {
    const result = await load();
    expect(result.counts).toMatchObject({ users: 3, orders: 1 });
    const [coach, fan] = await users();
    expect(fan).toMatchObject({ email: "fan@alpha.test", temporary_password: 0, email_verified_at: 1_000, language: "en" });
    expect(coach).toMatchObject({ email: "coach@alpha.test", temporary_password: 1 });
    expect(await verifyPassword("Password123!", fan.password_hash)).toBe(true);
    expect(await verifyPassword("Temp-Pass-2026", coach.password_hash)).toBe(true);

    await proxy.env.DB.prepare("UPDATE users SET password_hash = 'changed', temporary_password = 0 WHERE email = 'coach@alpha.test'").run();
    await load();
    const again = await users();
    expect(again).toHaveLength(3);
    expect(again[0]).toMatchObject({ email: "coach@alpha.test", password_hash: "changed", temporary_password: 0 });
  });

  it("seeds the demo viewer's season pass once, paid and active, and never re-adds a changed one", async () => {
    await load();
    const orders = async () =>
      (await proxy.env.DB.prepare("SELECT o.* FROM orders AS o JOIN users AS u ON u.id = o.user_id WHERE u.email = 'viewer@alpha.test'").all<Record<string, unknown>>())
        .results;
    const [pass, ...rest] = await orders();
    expect(rest).toHaveLength(0);
    expect(pass).toMatchObject({ type: "subscription", status: "paid", activity_status: "active", product_id: null, starts_at: 1_000, ends_at: 1_000 + 365 * 86_400_000 });
    expect(JSON.parse(pass.capabilities as string)).toEqual(["watch", "download", "clipping", "download_clip", "vod_media"]);
    expect(JSON.parse(pass.limits as string)).toEqual({ clips: 20, downloads: 5 });
    await proxy.env.DB.prepare("UPDATE orders SET status = 'refunded'").run();
    await load();
    expect((await orders()).map((o) => o.status)).toEqual(["refunded"]);
  });

  it("refuses a demo pass that names nothing it covers, or something unknown", async () => {
    const base = { email: "a@x.test", first_name: "A", last_name: "B", password: "long-enough" };
    const bad = usersFileSchema.safeParse([{ ...base, orders: [{ type: "package" }, { type: "event" }, { type: "subscription", event: "x" }] }]);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["0.orders.0.event_category", "0.orders.1.event", "0.orders.2.event"]);
    const raw = { ...JSON.parse(JSON.stringify(alpha.definition)), users: [] };
    const unknown = { ...alpha.definition.users[0], orders: [{ type: "package", event_category: "curling", participant: "nobody", capabilities: [], limits: {} }] };
    expect(() => parseTenantDefinition({ ...raw, users: [unknown] }, "alpha")).toThrow(/unknown sport "curling"[\s\S]*unknown team "nobody"/);
  });

  it("refuses a short password, an unknown key and a duplicate email", () => {
    const result = usersFileSchema.safeParse([
      { email: "a@x.test", first_name: "A", last_name: "B", password: "short" },
      { email: "A@x.test", first_name: "A", last_name: "B", password: "long-enough", role: "admin" },
    ]);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => `${i.path.join(".")}:${i.code}`);
    expect(paths).toEqual(expect.arrayContaining(["0.password:too_small", "1:unrecognized_keys"]));
    const twice = usersFileSchema.safeParse([
      { email: "a@x.test", first_name: "A", last_name: "B", password: "long-enough" },
      { email: "A@x.test", first_name: "A", last_name: "B", password: "long-enough" },
    ]);
    expect(twice.error?.issues.map((i) => i.message)).toEqual(['duplicate email "a@x.test"']);
  });
});
