// A fake page for the analytics client: a clock with timers, a storage map and a transport that records each call
// (and checks every body against the contract's schemas, so what the tests see is what ingestion would accept).
import { expect } from "vitest";
import type { z } from "zod";
import {
  apiRequestFieldsSchema,
  batchOf,
  pageEventRecordSchema,
  sessionRecordSchema,
  videoEventRecordSchema,
  viewingRecordSchema,
  type PageEventRecord,
  type SessionRecord,
  type VideoEventRecord,
  type ViewingRecord,
} from "@api/contract/datalake";
import { createAnalyticsClient, type AnalyticsDeps } from "~/features/analytics/client";

export const PROFILE = "ya_alpha_3d1f9b7c";
export const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);

const SCHEMAS: Record<string, z.ZodType> = {
  "/api/datalake/session/": sessionRecordSchema,
  "/api/datalake/event/": pageEventRecordSchema,
  "/api/datalake/video/event/": videoEventRecordSchema,
  "/api/datalake/video/viewing/": viewingRecordSchema,
};

export type Call = { kind: "get"; url: string } | { kind: "post"; url: string; beacon: boolean; records: Record<string, unknown>[] };

export interface HarnessOptions {
  profile?: string;
  /** Status per POST path (default 204); a function sees each call in turn. */
  status?: (url: string, n: number) => number;
  /** The hash answer; a function may throw or hang. */
  hash?: () => Promise<unknown>;
  storage?: Map<string, string>;
  now?: number;
}

// Hashes the stand-in server hands out: distinct across every harness of the process (a renewed session differs from
// the first), and far from the small numbers tests name themselves (`hashNo(5)`), however many files ran before.
let hashes = 1_000_000;
export const hashNo = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export function harness(options: HarnessOptions = {}) {
  let now = options.now ?? T0;
  const storage = options.storage ?? new Map<string, string>();
  const calls: Call[] = [];
  let timers: { at: number; fn: () => void; seq: number }[] = [];
  let seq = 0;
  let uuids = 0;
  let posts = 0;

  const deps: AnalyticsDeps = {
    profile: options.profile ?? PROFILE,
    endpoint: "/api",
    now: () => now,
    storage: { get: (k) => storage.get(k) ?? null, set: (k, v) => void storage.set(k, v), remove: (k) => void storage.delete(k) },
    transport: {
      getJson: async (url) => {
        calls.push({ kind: "get", url });
        return options.hash ? options.hash() : { data: { hash: hashNo(++hashes) } };
      },
      post: async (url, body, beacon) => {
        const parsed = JSON.parse(body) as { batch?: Record<string, unknown>[] } & Record<string, unknown>;
        const records = parsed.batch ?? [parsed];
        const schema = SCHEMAS[url];
        expect(schema, `a datalake path: ${url}`).toBeTruthy();
        const result = batchOf(schema!).safeParse(parsed);
        expect(result.success ? [] : result.error.issues, `${url} body`).toEqual([]);
        // Ingestion checks an api_request's fields too.
        for (const r of records) if (r.event === "api_request") expect(apiRequestFieldsSchema.safeParse(r.extra).error?.issues ?? []).toEqual([]);
        calls.push({ kind: "post", url, beacon, records });
        return options.status ? options.status(url, posts++) : 204;
      },
    },
    uuid: () => `11111111-1111-4111-8111-${String(++uuids).padStart(12, "0")}`,
    setTimer: (fn, ms) => {
      const timer = { at: now + ms, fn, seq: seq++ };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    device: () => ({ device_type: "desktop", user_agent: "Mozilla%2F5.0%20(X11)", resolution: "1366x900" }),
  };

  const client = createAnalyticsClient(deps);

  /** Lets pending promises (the transport's answers) settle. */
  const settle = async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  };

  return {
    client,
    deps,
    storage,
    calls,
    now: () => now,
    settle,
    /** Moves the clock, running the timers that fall due in order. */
    async advance(ms: number) {
      const end = now + ms;
      await settle();
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
        await settle();
      }
      now = end;
      await settle();
    },
    posts: (path: string) => calls.filter((c): c is Extract<Call, { kind: "post" }> => c.kind === "post" && c.url === `/api/${path}`),
    events: () => records<PageEventRecord>(calls, "/api/datalake/event/"),
    sessions: () => records<SessionRecord>(calls, "/api/datalake/session/"),
    videoEvents: () => records<VideoEventRecord>(calls, "/api/datalake/video/event/"),
    viewings: () => records<ViewingRecord>(calls, "/api/datalake/video/viewing/"),
    pendingTimers: () => timers.length,
  };
}

function records<T>(calls: Call[], url: string): T[] {
  return calls.flatMap((c) => (c.kind === "post" && c.url === url ? (c.records as T[]) : []));
}
