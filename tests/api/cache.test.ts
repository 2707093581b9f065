// cached(): memory + KV with stale-while-revalidate, against the real KV binding, an injected clock and a collecting
// waitUntil. Every test uses its own keys, since KV persists for the whole file.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cached, CacheShort, clearMemoryCache, type CacheDeps, type CacheStrategy } from "~/server/cache.server";

const T0 = 1_900_000_000_000;
const STRATEGY: CacheStrategy = { freshMs: 60_000, staleMs: 600_000 };

let clock: number;
let pending: Promise<unknown>[];
const deps: CacheDeps = { kv: env.CACHE, waitUntil: (p) => void pending.push(p), now: () => clock };

/** Awaits everything handed to waitUntil (including what those promises hand on). */
async function settle(): Promise<void> {
  while (pending.length) await Promise.allSettled(pending.splice(0));
}

let n = 0;
const freshKey = (name: string) => `test:${name}:${++n}`;

beforeEach(() => {
  clearMemoryCache();
  clock = T0;
  pending = [];
});

describe("cached", () => {
  it("a miss loads, answers and stores in KV", async () => {
    const key = freshKey("miss");
    const load = vi.fn(async () => ({ n: 1 }));
    expect(await cached(deps, key, STRATEGY, load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    await settle();
    expect(await env.CACHE.get(key, "json")).toEqual({ value: { n: 1 }, storedAt: T0 });
  });

  it("a fresh hit does not call the loader, from memory or from KV", async () => {
    const key = freshKey("fresh");
    await cached(deps, key, STRATEGY, async () => "first");
    await settle();
    const load = vi.fn(async () => "second");
    clock = T0 + STRATEGY.freshMs - 1;
    expect(await cached(deps, key, STRATEGY, load)).toBe("first");
    clearMemoryCache(); // another isolate: only KV remains
    expect(await cached(deps, key, STRATEGY, load)).toBe("first");
    expect(load).not.toHaveBeenCalled();
    expect(pending).toHaveLength(0);
  });

  it("a stale hit answers the stale value and revalidates in the background", async () => {
    const key = freshKey("stale");
    await cached(deps, key, STRATEGY, async () => "old");
    await settle();
    clock = T0 + STRATEGY.freshMs;
    const load = vi.fn(async () => "new");
    expect(await cached(deps, key, STRATEGY, load)).toBe("old");
    expect(pending.length).toBeGreaterThan(0);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cached(deps, key, STRATEGY, load)).toBe("new");
    expect(load).toHaveBeenCalledTimes(1);
    expect(await env.CACHE.get(key, "json")).toEqual({ value: "new", storedAt: T0 + STRATEGY.freshMs });
  });

  it("a stale KV entry (cold memory) is served and revalidated too", async () => {
    const key = freshKey("stale-kv");
    await env.CACHE.put(key, JSON.stringify({ value: "from-kv", storedAt: T0 - STRATEGY.freshMs - 1 }));
    const load = vi.fn(async () => "reloaded");
    expect(await cached(deps, key, STRATEGY, load)).toBe("from-kv");
    await settle();
    expect(await cached(deps, key, STRATEGY, load)).toBe("reloaded");
  });

  it("an entry older than fresh + stale is a miss: loaded now", async () => {
    const key = freshKey("expired");
    await cached(deps, key, STRATEGY, async () => "ancient");
    await settle();
    clock = T0 + STRATEGY.freshMs + STRATEGY.staleMs;
    const load = vi.fn(async () => "current");
    expect(await cached(deps, key, STRATEGY, load)).toBe("current");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("an error is not cached: the next call loads again", async () => {
    const key = freshKey("error");
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("api down")).mockResolvedValueOnce("recovered");
    await expect(cached(deps, key, STRATEGY, load)).rejects.toThrow("api down");
    await settle();
    expect(await env.CACHE.get(key)).toBeNull();
    expect(await cached(deps, key, STRATEGY, load)).toBe("recovered");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a failed background revalidation keeps the stale value and does not reject", async () => {
    const key = freshKey("bg-error");
    await cached(deps, key, STRATEGY, async () => "kept");
    await settle();
    clock = T0 + STRATEGY.freshMs + 1;
    const failing = vi.fn(async (): Promise<string> => Promise.reject(new Error("boom")));
    expect(await cached(deps, key, STRATEGY, failing)).toBe("kept");
    const results = await Promise.allSettled(pending.splice(0));
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect(await cached(deps, key, STRATEGY, async () => "next")).toBe("kept"); // still stale: revalidates again
    await settle();
    expect(await cached(deps, key, STRATEGY, failing)).toBe("next");
  });

  it("concurrent misses share one load", async () => {
    const key = freshKey("concurrent");
    // The real KV, but the three reads finish together, so all three callers miss before any load is done.
    let reads = 0;
    let allRead!: () => void;
    const together = new Promise<void>((resolve) => (allRead = resolve));
    const kv = {
      get: async (k: string, type: "json") => {
        const value = await env.CACHE.get(k, type);
        if (++reads === 3) allRead();
        await together;
        return value;
      },
      put: (k: string, v: string, o?: KVNamespacePutOptions) => env.CACHE.put(k, v, o),
    } as unknown as KVNamespace;
    const gated: CacheDeps = { ...deps, kv };
    // The load ends only after a macrotask, when every caller's continuation (microtasks) has run.
    const load = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      return "shared";
    });
    const calls = [cached(gated, key, STRATEGY, load), cached(gated, key, STRATEGY, load), cached(gated, key, STRATEGY, load)];
    expect(await Promise.all(calls)).toEqual(["shared", "shared", "shared"]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(reads).toBe(3);
  });

  it("keys of two channels do not collide", async () => {
    const alpha = `bootstrap:alpha:en:${++n}`;
    const beta = `bootstrap:beta:en:${n}`;
    expect(await cached(deps, alpha, CacheShort, async () => ({ channel: "alpha" }))).toEqual({ channel: "alpha" });
    expect(await cached(deps, beta, CacheShort, async () => ({ channel: "beta" }))).toEqual({ channel: "beta" });
    await settle();
    clearMemoryCache();
    const never = vi.fn(async () => ({ channel: "wrong" }));
    expect(await cached(deps, alpha, CacheShort, never)).toEqual({ channel: "alpha" });
    expect(await cached(deps, beta, CacheShort, never)).toEqual({ channel: "beta" });
    expect(never).not.toHaveBeenCalled();
  });

  it("an unreadable KV entry is a miss, not an error", async () => {
    const key = freshKey("corrupt");
    await env.CACHE.put(key, "{not json");
    expect(await cached(deps, key, STRATEGY, async () => "loaded")).toBe("loaded");
  });
});
