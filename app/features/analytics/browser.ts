// The analytics client in the page (issue 14): localStorage, fetch and sendBeacon, the page's hide events, the fetch
// observer and the player's events. Loaded by AnalyticsProvider with a dynamic import after hydration, once a page.
import { onPlayerEvent } from "~/features/player/events";
import { createAnalyticsClient, type AnalyticsClient, type AnalyticsStorage, type AnalyticsTransport } from "./client";
import { DEV_SWITCH_KEY, analyticsEnabled, deviceType, encodedUserAgent, resolution } from "./environment";
import { observeFetch } from "./fetch-observer";
import { ANALYTICS_TIMEOUT_MS } from "@api/contract/datalake-constants";

export interface AnalyticsConfig {
  /** The channel's analytics profile key ("yare-analytics"). */
  profile: string;
  /** Where `datalake/*` lives, e.g. "/api". */
  endpoint: string;
}

let started: AnalyticsClient | null = null;

/** Starts the client once for the page; null when analytics is off here (no profile, or a local address). */
export function startAnalytics(config: AnalyticsConfig): AnalyticsClient | null {
  if (started) return started;
  const storage = pageStorage();
  if (!analyticsEnabled({ profile: config.profile, hostname: window.location.hostname, devSwitch: storage.get(DEV_SWITCH_KEY) })) return null;

  // Taken before the observer wraps it: the client's own requests are never reported as api_request.
  const fetchOnce = window.fetch.bind(window);
  const client = createAnalyticsClient({
    profile: config.profile,
    endpoint: config.endpoint,
    now: Date.now,
    storage,
    transport: transport(fetchOnce),
    uuid,
    setTimer: (fn, ms) => {
      const timer = window.setTimeout(fn, ms);
      return () => window.clearTimeout(timer);
    },
    device: () => ({
      device_type: deviceType(navigator.userAgent, navigator.maxTouchPoints),
      user_agent: encodedUserAgent(navigator.userAgent),
      resolution: resolution(window.screen.width, window.screen.height),
    }),
  });
  observeFetch(window, {
    origin: window.location.origin,
    now: () => performance.now(),
    report: (request) => client.apiRequest(request, window.location.href),
  });
  onPlayerEvent(client.playerEvent);
  // Hidden is the last moment a mobile browser promises; pagehide covers a desktop tab closing while visible.
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && client.hide());
  window.addEventListener("pagehide", () => client.hide());
  started = client;
  return client;
}

/** Every request gives up after ANALYTICS_TIMEOUT_MS (SPEC §7). */
const timeout = (): AbortSignal | undefined => (typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(ANALYTICS_TIMEOUT_MS) : undefined);

function transport(fetchOnce: typeof fetch): AnalyticsTransport {
  return {
    async getJson(url) {
      const response = await fetchOnce(url, { headers: { accept: "application/json" }, credentials: "same-origin", signal: timeout() });
      if (!response.ok) throw new Error(`analytics: ${url} answered ${response.status}`);
      return response.json();
    },
    async post(url, body, beacon) {
      // A beacon outlives the page; the browser says only whether it took it.
      if (beacon && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, new Blob([body], { type: "application/json" }))) return 202;
      try {
        const response = await fetchOnce(url, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true, credentials: "same-origin", signal: timeout() });
        return response.status;
      } catch {
        return 0;
      }
    },
  };
}

/** localStorage, or memory where the browser denies it (a framed embed with third-party storage blocked). */
function pageStorage(): AnalyticsStorage {
  const memory = new Map<string, string>();
  const local = (): Storage | null => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  };
  return {
    get(key) {
      try {
        return local()?.getItem(key) ?? memory.get(key) ?? null;
      } catch {
        return memory.get(key) ?? null;
      }
    },
    set(key, value) {
      memory.set(key, value);
      try {
        local()?.setItem(key, value);
      } catch {
        // Full or denied: memory keeps it for this page.
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        local()?.removeItem(key);
      } catch {
        // Denied: nothing was stored there.
      }
    },
  };
}

/** A v4 uuid; crypto.randomUUID exists only on secure origins. */
function uuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
