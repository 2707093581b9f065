// Named cache strategies with stale-while-revalidate (STYLE: Hydrogen). Two layers: a per-isolate memory
// cache, then KV. Errors are never cached; the key always names the channel.
import { channelChangePrefixes } from "@api/lib/cache-keys";
import { TtlCache } from "@api/lib/ttl-cache";

export interface CacheStrategy {
  /** Served as is for this long. */
  freshMs: number;
  /** Then served while it is revalidated in the background, for this long. */
  staleMs: number;
}

export const CacheShort: CacheStrategy = { freshMs: 60_000, staleMs: 24 * 3_600_000 };
export const CacheLong: CacheStrategy = { freshMs: 3_600_000, staleMs: 24 * 3_600_000 };

interface Entry<T> {
  value: T;
  storedAt: number;
}

export interface CacheDeps {
  kv: KVNamespace;
  waitUntil: (promise: Promise<unknown>) => void;
  now: () => number;
}

const memory = new TtlCache<Entry<unknown>>(CacheShort.freshMs + CacheShort.staleMs, 1_000);
const revalidating = new Map<string, Promise<unknown>>();

/** The value under `key`: fresh from cache, stale while revalidating, or loaded now on a miss. */
export async function cached<T>(deps: CacheDeps, key: string, strategy: CacheStrategy, load: () => Promise<T>): Promise<T> {
  const now = deps.now();
  let entry = memory.get(key, now) as Entry<T> | undefined;
  if (!entry) {
    entry = (await readKv<T>(deps.kv, key)) ?? undefined;
    if (entry) memory.set(key, entry, now, strategy.freshMs + strategy.staleMs);
  }
  if (entry) {
    const age = now - entry.storedAt;
    if (age < strategy.freshMs) return entry.value;
    if (age < strategy.freshMs + strategy.staleMs) {
      deps.waitUntil(revalidate(deps, key, strategy, load).catch(() => undefined));
      return entry.value;
    }
  }
  return revalidate(deps, key, strategy, load);
}

/** Loads and stores a value; concurrent loads of one key share a promise. A failure stores nothing. */
function revalidate<T>(deps: CacheDeps, key: string, strategy: CacheStrategy, load: () => Promise<T>): Promise<T> {
  const pending = revalidating.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const run = (async () => {
    const value = await load();
    const entry: Entry<T> = { value, storedAt: deps.now() };
    memory.set(key, entry, entry.storedAt, strategy.freshMs + strategy.staleMs);
    const ttlSeconds = Math.max(60, Math.ceil((strategy.freshMs + strategy.staleMs) / 1000));
    deps.waitUntil(deps.kv.put(key, JSON.stringify(entry), { expirationTtl: ttlSeconds }).catch(() => undefined));
    return value;
  })().finally(() => revalidating.delete(key));
  revalidating.set(key, run);
  return run;
}

async function readKv<T>(kv: KVNamespace, key: string): Promise<Entry<T> | null> {
  try {
    return await kv.get<Entry<T>>(key, "json");
  } catch {
    return null; // a cache that cannot be read is a miss, not an error
  }
}

/**
 * Drops one key from memory and KV, when its source says the value no longer exists (a custom domain removed):
 * otherwise the stale copy would keep being served for as long as its revalidations keep failing. A copy being
 * revalidated is always in memory (cached() keeps there what it read from KV), so a miss, such as any request to an
 * unknown host, costs no KV write.
 */
export function forgetCached(deps: CacheDeps, key: string): void {
  if (memory.get(key, deps.now()) === undefined) return;
  memory.delete(key);
  deps.waitUntil(deps.kv.delete(key).catch(() => undefined));
}

/**
 * Drops this isolate's copies of a channel's cached data after the console changed it (issue 16), so the editor sees
 * the change at once; other isolates hold theirs for at most CacheShort.freshMs, and KV is cleared by the API.
 */
export function dropChannelMemory(alias: string): void {
  memory.deletePrefixed(channelChangePrefixes(alias));
}

/** Drops the memory layer (tests). */
export function clearMemoryCache(): void {
  memory.clear();
}
