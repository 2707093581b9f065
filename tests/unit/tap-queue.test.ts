// The scorekeeper's tap queue (issue 27, app/features/scores/tap-queue.ts): taps kept through a lost connection and
// a reload, sent in order with their own times, dropped once answered, a refusal said.
import { describe, expect, it } from "vitest";
import type { ScoreBoard, ScoreMessage, Tap } from "@api/contract/scores";
import { TapQueue, type QueueStatus, type SendAnswer } from "~/features/scores/tap-queue";

const board = (home: number): ScoreBoard => ({ state: { sport: "basketball", home, away: 0, period: 1, overtime: 0, sets: null, clock: null, final: false }, plays: [] });

function world() {
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  let clock = 1_000;
  let ids = 0;
  const sent: Tap[][] = [];
  let online = true;
  let refuse: string | null = null;
  let home = 0;
  const send = async (taps: Tap[]): Promise<SendAnswer> => {
    if (!online) throw new TypeError("Failed to fetch");
    sent.push(taps);
    const results = taps.map((t) => (refuse && t.action.kind === "adjust" ? { id: t.id, status: "refused" as const, message: refuse as ScoreMessage } : { id: t.id, status: "accepted" as const }));
    home += results.filter((r) => r.status === "accepted").length;
    return { ok: true, results, board: board(home) };
  };
  const statuses: QueueStatus[] = [];
  const boards: ScoreBoard[] = [];
  const make = () =>
    new TapQueue("q", { storage, send, now: () => (clock += 500), newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}` }, (s) => statuses.push(s), (b) => boards.push(b));
  return {
    make,
    sent,
    statuses,
    boards,
    store,
    setOnline: (v: boolean) => (online = v),
    setRefuse: (m: string | null) => (refuse = m),
  };
}

const three = { kind: "score", side: "home", play: "three" } as const;

describe("the tap queue", () => {
  it("sends each tap at once with its own id and time, and shows the board the API answered", async () => {
    const w = world();
    const q = w.make();
    q.tap(three);
    await q.flush();
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0][0]).toMatchObject({ id: "00000000-0000-4000-8000-000000000001", at: 1_500, action: three });
    expect(w.boards.at(-1)?.state.home).toBe(1);
    expect(q.status()).toMatchObject({ waiting: 0, offline: false, refusal: null, lastAccepted: "00000000-0000-4000-8000-000000000001" });
  });

  it("keeps taps made offline, across a reload, and sends them in order with the times they were made", async () => {
    const w = world();
    w.setOnline(false);
    const q = w.make();
    q.tap(three);
    q.tap({ kind: "key_play", note: "Block" });
    await q.flush();
    expect(q.status()).toMatchObject({ waiting: 2, offline: true });
    // The page is reloaded, still offline: the taps are still there.
    const again = w.make();
    expect(again.status().waiting).toBe(2);
    w.setOnline(true);
    await again.flush();
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0].map((t) => [t.action.kind, t.at])).toEqual([
      ["score", 1_500],
      ["key_play", 2_000],
    ]);
    expect(again.status()).toMatchObject({ waiting: 0, offline: false });
  });

  it("drops a refused tap, says why, and sends the rest", async () => {
    const w = world();
    w.setRefuse("A score cannot go below zero.");
    const q = w.make();
    q.tap({ kind: "adjust", side: "home", points: -3 });
    q.tap(three);
    await q.flush();
    await q.flush();
    expect(q.status()).toMatchObject({ waiting: 0, refusal: null });
    expect(w.statuses.some((s) => s.refusal === "A score cannot go below zero.")).toBe(true);
  });

  it("drops a batch the API refused whole, with its words, and never resends it", async () => {
    const w = world();
    const q = new TapQueue(
      "q2",
      { storage: { getItem: () => null, setItem: () => undefined }, send: async () => ({ ok: false, message: "Sign in to keep score.", results: null, board: null }), now: () => 1, newId: () => crypto.randomUUID() },
      () => undefined,
      () => undefined,
    );
    q.tap(three);
    await q.flush();
    expect(q.status()).toMatchObject({ waiting: 0, refusal: "Sign in to keep score." });
    expect(w.sent).toEqual([]);
  });
});
