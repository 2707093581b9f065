// The first-party analytics client (issue 14, SPEC §7 "Analytics service"), without the browser: the clock, storage,
// transport, timers and ids come in, so the session, trk and batching rules run under a fake clock in the unit tests.
// Records queue per endpoint and go out in `{ batch }` bodies; `./browser` wires this to the page.
import type {
  DeviceType,
  PageEventName,
  PageEventRecord,
  SessionRecord,
  VideoEventName,
  VideoEventRecord,
  ViewingRecord,
} from "@api/contract/datalake";
import type { PlayerEvent } from "~/features/player/events";
import { STORAGE_PREFIX } from "./environment";
import { createVideoViews } from "./video-views";
import { ANALYTICS_SESSION_MS, API_REQUEST_TOTAL_MAX_MS, DATALAKE_BATCH_MAX, DATALAKE_MAX_AGE_MS, DATALAKE_PATHS, TRK_TTL_MS, } from "@api/contract/datalake-constants";

/** Records wait this long for company before a batch goes (unless a batch fills first or the page hides). */
export const FLUSH_DELAY_MS = 5_000;
/** Sends of one record: the first, and one retry after a failure. */
export const MAX_SEND_ATTEMPTS = 2;
/** Records kept per endpoint while they cannot go (offline, no session yet); the oldest give way. */
export const QUEUE_MAX = 4 * DATALAKE_BATCH_MAX;

export const SESSION_KEY = `${STORAGE_PREFIX}analytics_session`;
/** Records a page could not send before it went away (no session yet): the next page sends them. */
export const PENDING_KEY = `${STORAGE_PREFIX}analytics_pending`;
export const TRK_KEY = `${STORAGE_PREFIX}analytics_trk`;
/** The signed-in user last seen in this browser: their id, "" when signed out (absent: never seen). */
export const USER_KEY = `${STORAGE_PREFIX}analytics_user`;

export interface AnalyticsStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface AnalyticsTransport {
  /** GET, answering the parsed JSON body; rejects on a failure or an error status. */
  getJson(url: string): Promise<unknown>;
  /**
   * POST a JSON body; answers the status, 0 when the request failed. `beacon`: the page is going away, so the body
   * must be handed to the browser before this returns (sendBeacon, or a keepalive fetch).
   */
  post(url: string, body: string, beacon: boolean): Promise<number>;
}

export interface DeviceInfo {
  device_type: DeviceType;
  user_agent: string;
  resolution: string;
}

export interface AnalyticsDeps {
  profile: string;
  /** Where the datalake paths are, e.g. "/api". */
  endpoint: string;
  now: () => number;
  storage: AnalyticsStorage;
  transport: AnalyticsTransport;
  uuid: () => string;
  /** Runs `fn` once after `ms`; answers the cancel function. */
  setTimer: (fn: () => void, ms: number) => () => void;
  device: () => DeviceInfo;
}

export interface AnalyticsUser {
  id: number;
  email?: string | null;
}

export interface ApiRequestReport {
  url: string;
  status: number;
  message: string | null;
  length: number;
  total: number;
}

export interface AnalyticsClient {
  /** A page was shown (the first one, or a client-side navigation). */
  page(page: { url: string; title: string; referrer: string }): void;
  /** The signed-in user as the page knows it; a change from nobody to someone is a login. */
  setUser(user: AnalyticsUser | null, currentUrl: string): void;
  apiRequest(request: ApiRequestReport, currentUrl: string): void;
  playerEvent(event: PlayerEvent): void;
  /** The page is hidden or going away: report viewing so far and send everything by beacon. */
  hide(): void;
  /** Sends what is queued now (tests; the timers do it otherwise). */
  flush(): void;
  dispose(): void;
}

type Kind = "event" | "videoEvent" | "viewing";
type Stamped = "profile" | "session_uuid" | "age_ms";
type Body = Omit<PageEventRecord, Stamped> | Omit<VideoEventRecord, Stamped> | Omit<ViewingRecord, Stamped>;
interface Pending {
  body: Body;
  /** When it happened (deps.now()). */
  at: number;
  attempts: number;
}

interface StoredSession {
  id: string;
  created: number;
  profile: string;
}

const UUID = /^[0-9a-f-]{32,36}$/i;
const KINDS: Kind[] = ["event", "videoEvent", "viewing"];

/** What a send's status means: delivered, worth one more try, or refused for good (bad input, unknown profile). */
export function sendOutcome(status: number): "sent" | "retry" | "drop" {
  if (status >= 200 && status < 300) return "sent";
  if (status === 0 || status === 408 || status === 429 || status >= 500) return "retry";
  return "drop";
}

const NOOP: AnalyticsClient = { page() {}, setUser() {}, apiRequest() {}, playerEvent() {}, hide() {}, flush() {}, dispose() {} };

export function createAnalyticsClient(deps: AnalyticsDeps): AnalyticsClient {
  const { profile, now, storage, transport } = deps;
  // SPEC §7: sent only when the channel has an analytics profile.
  if (!profile) return NOOP;
  const url = (path: string) => `${deps.endpoint.replace(/\/$/, "")}/${path}`;
  const queues: Record<Kind, Pending[]> = { event: [], videoEvent: [], viewing: [] };
  let user: AnalyticsUser | null = null;
  let cancelFlush: (() => void) | null = null;
  let creating: Promise<string> | null = null;
  let disposed = false;

  // ---- session and trk (SPEC §9: 24 h from creation; trk kept 3 h) ----

  function readJson<T>(key: string): T | null {
    try {
      const raw = storage.get(key);
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  }

  function currentSession(): string | null {
    const s = readJson<StoredSession>(SESSION_KEY);
    const t = now();
    if (!s || s.profile !== profile || typeof s.id !== "string" || !(t >= s.created && t - s.created < ANALYTICS_SESSION_MS)) return null;
    return s.id;
  }

  /** The session, created first when missing: the hash, then the session record, one creation at a time. */
  function ensureSession(): Promise<string> {
    const existing = currentSession();
    if (existing) return Promise.resolve(existing);
    creating ??= (async () => {
      const answer = (await transport.getJson(`${url("datalake/hash/")}?profile=${encodeURIComponent(profile)}`)) as { data?: { hash?: unknown } } | null;
      const hash = answer?.data?.hash;
      if (typeof hash !== "string" || !UUID.test(hash)) throw new Error("analytics: no session hash");
      const record: SessionRecord = { profile, age_ms: 0, trk: currentTrk(), session: hash, platform: "web", ...deps.device() };
      const status = await transport.post(url(DATALAKE_PATHS.session), JSON.stringify(record), false);
      if (sendOutcome(status) !== "sent") throw new Error(`analytics: session refused (${status})`);
      storage.set(SESSION_KEY, JSON.stringify({ id: hash, created: now(), profile } satisfies StoredSession));
      return hash;
    })().finally(() => {
      creating = null;
    });
    return creating;
  }

  function noteTrk(pageUrl: string): void {
    let value: string | null = null;
    try {
      value = new URL(pageUrl).searchParams.get("trk")?.trim().slice(0, 100) || null;
    } catch {
      return;
    }
    if (value) storage.set(TRK_KEY, JSON.stringify({ value, at: now() }));
  }

  function currentTrk(): string | null {
    const kept = readJson<{ value: string; at: number }>(TRK_KEY);
    if (!kept) return null;
    const age = now() - kept.at;
    if (age >= 0 && age < TRK_TTL_MS && typeof kept.value === "string") return kept.value;
    storage.remove(TRK_KEY);
    return null;
  }

  // ---- queues ----

  const viewer = () => ({ user_id: user?.id ?? null, user_email: user?.email ?? null, trk: currentTrk() });

  function enqueue(kind: Kind, body: Body): void {
    if (disposed) return;
    const queue = queues[kind];
    queue.push({ body, at: now(), attempts: 0 });
    if (queue.length > QUEUE_MAX) queue.splice(0, queue.length - QUEUE_MAX);
    // The session is made as soon as there is something to send, so a quick exit still finds one.
    if (!creating && !currentSession()) ensureSession().catch(() => undefined);
    if (queue.length >= DATALAKE_BATCH_MAX) send(kind, false);
    else scheduleFlush();
  }

  function scheduleFlush(): void {
    if (cancelFlush || disposed) return;
    cancelFlush = deps.setTimer(() => {
      cancelFlush = null;
      flushAll(false);
    }, FLUSH_DELAY_MS);
  }

  function flushAll(beacon: boolean): void {
    for (const kind of KINDS) send(kind, beacon);
  }

  /**
   * Sends the queue in batches. Without a session it is created first (not possible while leaving); a failure to
   * create it counts as a failed send of what waits, so a dead service is not asked forever.
   */
  function send(kind: Kind, beacon: boolean): void {
    const queue = queues[kind];
    if (!queue.length) return;
    const session = currentSession();
    if (!session) {
      if (beacon) keepForNextPage();
      else
        ensureSession().then(
          () => send(kind, false),
          () => retry(kind, queue.splice(0)),
        );
      return;
    }
    // This page sends what it kept for the next one (keepForNextPage): the copy goes.
    if (storage.get(PENDING_KEY) !== null) storage.remove(PENDING_KEY);
    const t = now();
    // Ingestion refuses a record older than a day, and would refuse its whole batch with it.
    const fresh = queue.splice(0).filter((p) => t - p.at <= DATALAKE_MAX_AGE_MS);
    while (fresh.length) {
      const batch = fresh.splice(0, DATALAKE_BATCH_MAX);
      const body = JSON.stringify({ batch: batch.map((p) => ({ ...p.body, profile, session_uuid: session, age_ms: Math.max(0, Math.round(t - p.at)) })) });
      transport.post(url(DATALAKE_PATHS[kind]), body, beacon).then(
        (status) => sendOutcome(status) === "retry" && retry(kind, batch),
        () => retry(kind, batch),
      );
    }
  }

  type Kept = Pending & { kind: Kind };

  /**
   * The page is going away before its session exists (a quick exit, a full navigation right after arriving): what
   * waits is also written to storage, and the next page of this origin sends it, dated from when it happened. If
   * this page comes back and sends it itself, the copy is dropped first.
   */
  function keepForNextPage(): void {
    const waiting = KINDS.flatMap((kind) => queues[kind].map((p): Kept => ({ ...p, kind })));
    if (waiting.length) storage.set(PENDING_KEY, JSON.stringify(waiting));
  }

  function restoreKept(): void {
    const kept = readJson<Kept[]>(PENDING_KEY);
    if (!kept) return;
    storage.remove(PENDING_KEY);
    const t = now();
    for (const p of Array.isArray(kept) ? kept : []) {
      if (!KINDS.includes(p?.kind) || typeof p.at !== "number" || p.at > t || t - p.at > DATALAKE_MAX_AGE_MS || !p.body) continue;
      queues[p.kind].push({ body: p.body, at: p.at, attempts: p.attempts ?? 0 });
    }
    for (const kind of KINDS) if (queues[kind].length > QUEUE_MAX) queues[kind].splice(0, queues[kind].length - QUEUE_MAX);
    if (KINDS.some((kind) => queues[kind].length)) {
      if (!currentSession()) ensureSession().catch(() => undefined);
      scheduleFlush();
    }
  }

  /** A failed batch waits for one later attempt, in front of newer records (still within QUEUE_MAX). */
  function retry(kind: Kind, batch: Pending[]): void {
    const again = batch.filter((p) => p.attempts + 1 < MAX_SEND_ATTEMPTS).map((p) => ({ ...p, attempts: p.attempts + 1 }));
    if (!again.length || disposed) return;
    const queue = queues[kind];
    queue.unshift(...again);
    if (queue.length > QUEUE_MAX) queue.splice(0, queue.length - QUEUE_MAX);
    scheduleFlush();
  }

  function pageEvent(event: PageEventName, origin: string, extra: Record<string, string | number | boolean | null>): void {
    enqueue("event", { ...viewer(), event, origin: origin.slice(0, 2000), extra });
  }

  // ---- video (SPEC §7 video/event and video/viewing): ./video-views ----

  const video = createVideoViews({ now, uuid: deps.uuid, setTimer: deps.setTimer, viewer, enqueue });

  restoreKept();

  return {
    page({ url: pageUrl, title, referrer }) {
      noteTrk(pageUrl);
      const extra: Record<string, string> = {};
      if (title) extra.title = title.slice(0, 2000);
      if (referrer) extra.referrer = referrer.slice(0, 2000);
      pageEvent("visit_page", pageUrl, extra);
    },
    setUser(next, currentUrl) {
      const last = storage.get(USER_KEY);
      const id = next ? String(next.id) : "";
      user = next;
      // A browser never seen before says nothing about how its user got signed in.
      if (next && last !== null && last !== id) pageEvent("login", currentUrl, {});
      if (last !== id) storage.set(USER_KEY, id);
    },
    apiRequest(request, currentUrl) {
      // Within the contract's api_request bounds: one field out of them would have the whole batch refused.
      pageEvent("api_request", currentUrl, {
        url: request.url.slice(0, 2000) || "/",
        status: Number.isInteger(request.status) && request.status >= 0 && request.status <= 599 ? request.status : 0,
        message: request.message?.trim().slice(0, 500) || null,
        length: Math.min(1e9, Math.max(0, Math.round(request.length) || 0)),
        total: Math.min(API_REQUEST_TOTAL_MAX_MS, Math.max(0, Math.round(request.total) || 0)),
      });
    },
    playerEvent: video.playerEvent,
    hide() {
      // A stall in progress is split here; the meters go on if playback continues in the background.
      video.reportAll();
      flushAll(true);
    },
    flush: () => flushAll(false),
    dispose() {
      disposed = true;
      cancelFlush?.();
      video.stopAll();
    },
  };
}
