// The Queue consumer: valid jobs run and are acked, malformed ones are dropped (acked), failing ones retried.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@api/db/client";
import { channels } from "@api/db/schema";
import { consumeBatch, handleJob } from "@api/jobs/queue";
import { call, HOSTS, seedChannels } from "./fixtures";

interface FakeMessage {
  id: string;
  body: unknown;
  ack: ReturnType<typeof vi.fn>;
  retry: ReturnType<typeof vi.fn>;
}

/** A MessageBatch whose messages record ack() and retry(). */
function fakeBatch(...bodies: unknown[]) {
  const messages: FakeMessage[] = bodies.map((body, i) => ({
    id: `msg-${i}`,
    timestamp: new Date(0),
    attempts: 1,
    body,
    ack: vi.fn(),
    retry: vi.fn(),
  }));
  const batch = { queue: "streamhub-jobs", messages, ackAll: vi.fn(), retryAll: vi.fn() } as unknown as MessageBatch<unknown>;
  return { batch, messages };
}

const changed = (alias: string, cacheKeys?: string[]) => ({ kind: "channel.changed", alias, ...(cacheKeys ? { cacheKeys } : {}) });

/** An env whose KV refuses deletes, so a job fails. */
const brokenKvEnv = () => ({ ...env, CACHE: { ...env.CACHE, delete: () => Promise.reject(new Error("kv down")) } }) as unknown as Env;

beforeAll(async () => {
  await seedChannels();
});

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("consumeBatch", () => {
  it("runs a valid job and acks it", async () => {
    await env.CACHE.put("bootstrap:alpha:en", "{}");
    await env.CACHE.put("bootstrap:alpha:fr", "{}");
    const { batch, messages } = fakeBatch(changed("alpha", ["bootstrap:alpha:en", "bootstrap:alpha:fr"]));
    await consumeBatch(batch, env);
    expect(messages[0].ack).toHaveBeenCalledTimes(1);
    expect(messages[0].retry).not.toHaveBeenCalled();
    expect(await env.CACHE.get("bootstrap:alpha:en")).toBeNull();
    expect(await env.CACHE.get("bootstrap:alpha:fr")).toBeNull();
  });

  it("accepts a job without cacheKeys (they default to none)", async () => {
    const { batch, messages } = fakeBatch(changed("beta"));
    await consumeBatch(batch, env);
    expect(messages[0].ack).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["an unknown kind", { kind: "nope" }],
    ["a missing alias", { kind: "channel.changed" }],
    ["cacheKeys of the wrong type", { kind: "channel.changed", alias: "alpha", cacheKeys: "all" }],
    ["a string", "channel.changed"],
    ["null", null],
  ])("drops (acks, never retries) a malformed message: %s", async (_what, body) => {
    const { batch, messages } = fakeBatch(body);
    await consumeBatch(batch, env);
    expect(messages[0].ack).toHaveBeenCalledTimes(1);
    expect(messages[0].retry).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
  });

  it("retries a failing job, without acking it", async () => {
    const { batch, messages } = fakeBatch(changed("alpha", ["bootstrap:alpha:en"]));
    await consumeBatch(batch, brokenKvEnv());
    expect(messages[0].retry).toHaveBeenCalledTimes(1);
    expect(messages[0].ack).not.toHaveBeenCalled();
  });

  it("handles each message of a mixed batch on its own", async () => {
    await env.CACHE.put("k-last", "1");
    const { batch, messages } = fakeBatch(changed("alpha"), { kind: "bogus" }, changed("beta", ["k-fail"]), changed("alpha", ["k-last"]));
    // Only the delete of "k-fail" breaks.
    const kv = { ...env.CACHE, delete: (k: string) => (k === "k-fail" ? Promise.reject(new Error("kv down")) : env.CACHE.delete(k)) };
    await consumeBatch(batch, { ...env, CACHE: kv } as unknown as Env);
    expect(messages.map((m) => [m.ack.mock.calls.length, m.retry.mock.calls.length])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(await env.CACHE.get("k-last")).toBeNull();
    expect(batch.ackAll).not.toHaveBeenCalled();
    expect(batch.retryAll).not.toHaveBeenCalled();
  });
});

describe("channel.changed", () => {
  it("drops the cached host lookups, so a changed channel is seen at once", async () => {
    const db = getDb(env.DB);
    const name = async () => ((await (await call(HOSTS.alpha, "/api/settings")).json()) as { data: { name: string } }).data.name;
    expect(await name()).toBe("Alpha Sports");
    await db.update(channels).set({ name: "Alpha Renamed" }).where(eq(channels.alias, "alpha"));
    expect(await name()).toBe("Alpha Sports"); // still the cached channel
    await handleJob({ kind: "channel.changed", alias: "alpha", cacheKeys: [] }, env);
    expect(await name()).toBe("Alpha Renamed");
  });
});
