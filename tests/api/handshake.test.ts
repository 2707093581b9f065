// The api-key handshake (SPEC §7 POST get_api_key): channel key of the host's live channel → a random api key,
// of which only the SHA-256 is stored.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_TTL_MS } from "@api/contract/constants";
import { getDb } from "@api/db/client";
import { apiKeys, channels, menuItems } from "@api/db/schema";
import { createApi } from "@api/index";
import { ALPHA_DOMAIN, CHANNEL_KEYS, call, type Fixtures, HOSTS, postJson, seedChannels } from "./fixtures";

// A fixed clock, so expiry is exact. All calls in this file go through this one app.
const NOW = Date.UTC(2030, 0, 1);
const app = createApi({ now: () => NOW });
const db = getDb(env.DB);

let fx: Fixtures;
beforeAll(async () => {
  await seedChannels();
  fx = await seedChannels(); // twice: seeding is idempotent
});

const getApiKey = (host: string, init: RequestInit) => call(host, "/api/get_api_key", init, app);
type Grant = { data: { api_key: string; expires_at: number } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

describe("fixtures", () => {
  it("seeding twice leaves one copy of each channel", async () => {
    const rows = await db.select({ alias: channels.alias }).from(channels);
    expect(rows.map((r) => r.alias).sort()).toEqual(["alpha", "beta", "offline"]);
    expect(await db.select().from(menuItems).where(eq(menuItems.channelId, fx.alpha.id))).toHaveLength(3);
  });
});

describe("POST /api/get_api_key", () => {
  it("answers 200 { data: { api_key, expires_at } } for a JSON body", async () => {
    const res = await getApiKey(HOSTS.alpha, postJson({ channel_key: CHANNEL_KEYS.alpha }));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as Grant;
    expect(Object.keys(body)).toEqual(["data"]);
    expect(Object.keys(body.data).sort()).toEqual(["api_key", "expires_at"]);
    expect(body.data.api_key.length).toBeGreaterThanOrEqual(32);
    expect(body.data.expires_at).toBe(NOW + API_KEY_TTL_MS);
  });

  it("accepts a urlencoded form body", async () => {
    const res = await getApiKey(HOSTS.alpha, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ channel_key: CHANNEL_KEYS.alpha }).toString(),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Grant).data.api_key.length).toBeGreaterThanOrEqual(32);
  });

  it("mints a different random key on every call", async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await getApiKey(HOSTS.alpha, postJson({ channel_key: CHANNEL_KEYS.alpha }));
      keys.add(((await res.json()) as Grant).data.api_key);
    }
    expect(keys.size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it("stores only the key's SHA-256 (hex), never the key", async () => {
    const res = await getApiKey(HOSTS.alpha, postJson({ channel_key: CHANNEL_KEYS.alpha }));
    const { api_key, expires_at } = ((await res.json()) as Grant).data;
    const rows = await db.select().from(apiKeys);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(api_key);
    const { results } = await env.DB.prepare("SELECT * FROM api_keys").all();
    for (const row of results) expect(Object.values(row).map(String)).not.toContain(api_key);

    const hash = await sha256Hex(api_key);
    const stored = rows.find((r) => r.keyHash === hash);
    expect(stored).toMatchObject({ channelId: fx.alpha.id, createdAt: NOW, expiresAt: expires_at, revokedAt: null });
    expect(stored!.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a wrong channel key with a 403 naming channel_key", async () => {
    const res = await getApiKey(HOSTS.alpha, postJson({ channel_key: "ck_wrong" }));
    expect(res.status).toBe(403);
    const body = (await res.json()) as ErrorBody;
    expect(body.message).toBe("No chanel or api key found");
    expect(body.errors).toHaveProperty("channel_key");
  });

  it("refuses alpha's channel key on beta's host", async () => {
    const res = await getApiKey(HOSTS.beta, postJson({ channel_key: CHANNEL_KEYS.alpha }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).errors).toHaveProperty("channel_key");
  });

  it("refuses a suspended channel, even with its own key", async () => {
    const before = await db.select().from(apiKeys).where(eq(apiKeys.channelId, fx.offline.id));
    const res = await getApiKey(HOSTS.offline, postJson({ channel_key: CHANNEL_KEYS.offline }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).errors).toHaveProperty("channel_key");
    expect(await db.select().from(apiKeys).where(eq(apiKeys.channelId, fx.offline.id))).toEqual(before);
  });

  it.each([
    ["no channel_key", postJson({})],
    ["an empty channel_key", postJson({ channel_key: "  " })],
    ["a numeric channel_key", postJson({ channel_key: 42 })],
    ["an empty form", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" }],
    ["no body", { method: "POST" }],
  ])("answers 422 with errors.channel_key for %s", async (_what, init) => {
    const res = await getApiKey(HOSTS.alpha, init);
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors?.channel_key?.length).toBeGreaterThan(0);
  });

  it('says "Field is required" for a missing channel_key', async () => {
    const res = await getApiKey(HOSTS.alpha, postJson({}));
    expect(await res.json()).toEqual({ message: "Field is required", errors: { channel_key: ["Field is required"] } });
  });

  it.each([
    ["malformed JSON", "{channel_key:"],
    ["a JSON array", '["ck_test_alpha"]'],
    ["a JSON string", '"ck_test_alpha"'],
  ])("answers 400 (not 500) for %s", async (_what, body) => {
    const res = await getApiKey(HOSTS.alpha, postJson(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).message).toBeTruthy();
  });

  it("answers an unknown host with a 404", async () => {
    for (const host of ["nosuch.localhost", "unknown.example.org", "localhost"]) {
      const res = await getApiKey(host, postJson({ channel_key: CHANNEL_KEYS.alpha }));
      expect(res.status, host).toBe(404);
      expect(await res.json()).toEqual({ message: "Channel not found" });
    }
  });

  it("resolves the custom domain alpha.example.com to alpha", async () => {
    const res = await getApiKey(ALPHA_DOMAIN, postJson({ channel_key: CHANNEL_KEYS.alpha }));
    expect(res.status).toBe(200);
    const hash = await sha256Hex(((await res.json()) as Grant).data.api_key);
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash));
    expect(row.channelId).toBe(fx.alpha.id);

    const wrong = await getApiKey(ALPHA_DOMAIN, postJson({ channel_key: CHANNEL_KEYS.beta }));
    expect(wrong.status).toBe(403);
  });

  it("the minted key opens keyed calls on its own channel only", async () => {
    const res = await getApiKey(HOSTS.alpha, postJson({ channel_key: CHANNEL_KEYS.alpha }));
    const key = ((await res.json()) as Grant).data.api_key;
    const page = `/api/pages/${fx.alpha.pageIds[0]}?api_key=${encodeURIComponent(key)}`;
    expect((await call(HOSTS.alpha, page, undefined, app)).status).toBe(200);
    expect((await call(ALPHA_DOMAIN, page, undefined, app)).status).toBe(200);
    expect((await call(HOSTS.beta, page, undefined, app)).status).toBe(403);
  });
});
