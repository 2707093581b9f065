/** A small per-isolate cache with expiry and a size cap (oldest entry evicted first). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, now: number): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V, now: number, ttlMs = this.ttlMs): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: now + ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose key starts with one of `prefixes`. */
  deletePrefixed(prefixes: readonly string[]): void {
    for (const key of [...this.entries.keys()]) if (prefixes.some((p) => key.startsWith(p))) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
