// A scorekeeper's taps on their way to the API (issue 27). Every tap is queued first, in the browser's storage, with
// its own id and time; the queue sends them in order, one batch at a time, and keeps them through a lost connection
// (and a reload) until the API has answered for each: accepted or a resend, dropped; refused, dropped and said why.
import type { ScoreBoard, Tap, TapAction, TapResult } from "@api/contract/scores";

/** What the page's taps route answers (app/routes/score.$id.taps.ts). */
export type SendAnswer = { ok: true; results: TapResult[]; board: ScoreBoard } | { ok: false; message: string; results: TapResult[] | null; board: ScoreBoard | null };

export interface QueueDeps {
  storage: Pick<Storage, "getItem" | "setItem">;
  /** Sends a batch; throws when the network fails (the taps stay queued). */
  send: (taps: Tap[]) => Promise<SendAnswer>;
  now: () => number;
  newId: () => string;
}

export interface QueueStatus {
  waiting: number;
  sending: boolean;
  /** The last refusal, in the API's words, or a failure the page shows (null: none). */
  refusal: string | null;
  offline: boolean;
  /** The last tap the API accepted from this page: what Undo takes back. */
  lastAccepted: string | null;
}

/** At most this many taps go in one request (the API's TAPS_MAX). */
export const BATCH = 50;

export class TapQueue {
  private taps: Tap[];
  private sending = false;
  private refusal: string | null = null;
  private offline = false;
  private lastAccepted: string | null;

  constructor(
    private readonly key: string,
    private readonly deps: QueueDeps,
    private readonly onStatus: (status: QueueStatus) => void,
    private readonly onBoard: (board: ScoreBoard) => void,
  ) {
    this.taps = read(deps.storage, key);
    this.lastAccepted = deps.storage.getItem(`${key}:last`);
  }

  /** Queues a tap made now and starts sending. Answers the tap's id. */
  tap(action: TapAction): string {
    const tap: Tap = { id: this.deps.newId(), at: this.deps.now(), action };
    this.taps.push(tap);
    this.save();
    void this.flush();
    return tap.id;
  }

  status(): QueueStatus {
    return { waiting: this.taps.length, sending: this.sending, refusal: this.refusal, offline: this.offline, lastAccepted: this.lastAccepted };
  }

  /** Sends what waits, batch after batch, until the queue is empty or the network fails. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    this.emit();
    try {
      while (this.taps.length) {
        const batch = this.taps.slice(0, BATCH);
        let answer: SendAnswer;
        try {
          answer = await this.deps.send(batch);
          this.offline = false;
        } catch {
          this.offline = true;
          return;
        }
        const results = answer.results;
        if (!results) {
          // The whole request was refused (signed out, the role taken away): nothing was stored, nothing is resent.
          this.refusal = answer.ok ? null : answer.message;
          this.taps = this.taps.slice(batch.length);
          this.save();
          continue;
        }
        const done = new Set(results.map((r) => r.id));
        for (const r of results) if (r.status === "accepted") this.lastAccepted = r.id;
        const refused = results.find((r) => r.status === "refused");
        this.refusal = refused && refused.status === "refused" ? refused.message : null;
        this.taps = this.taps.filter((t) => !done.has(t.id));
        this.save();
        if (answer.board) this.onBoard(answer.board);
        // Nothing of the batch was answered: stop rather than send it again and again.
        if (!batch.some((t) => done.has(t.id))) return;
      }
    } finally {
      this.sending = false;
      this.emit();
    }
  }

  private save(): void {
    this.deps.storage.setItem(this.key, JSON.stringify(this.taps));
    if (this.lastAccepted) this.deps.storage.setItem(`${this.key}:last`, this.lastAccepted);
    this.emit();
  }

  private emit(): void {
    this.onStatus(this.status());
  }
}

function read(storage: Pick<Storage, "getItem">, key: string): Tap[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? (parsed as Tap[]) : [];
  } catch {
    return [];
  }
}
