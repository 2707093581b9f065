// The typed API client's core: one request function that carries the SPEC §7 key rule and the §8 error rules.
import { apiErrorBodySchema, type ApiErrorBody } from "@api/contract/common";
import { REQUEST_TIMEOUT_MS, RETRY_COUNT, RETRY_DELAY_MS } from "@api/contract/constants";
import { ApiRequestError, isKeyError } from "./errors";

/** Sends one request to the API: in process, or over HTTP to another deployment. */
export type Transport = (request: Request) => Promise<Response>;

/** Where the client gets its api key, and how it drops a refused one. */
export interface ApiKeySource {
  get(): Promise<string | null>;
  clear(): void;
}

export interface ApiClientOptions {
  transport: Transport;
  /** The origin requests are addressed to; its host names the channel. */
  origin: string;
  keys?: ApiKeySource;
  /** Extra headers on every request (forwarded host, user agent…). */
  headers?: Record<string, string>;
  /** A 401 clears the user (SPEC §8). */
  onUnauthenticated?: () => void;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: Record<string, unknown>;
  /** A multipart body instead (a file upload); the api key is added to it as a field. */
  form?: FormData;
  /** Public calls (SPEC §7) carry no api key. */
  public?: boolean;
  signal?: AbortSignal;
  /** The call answers 204 No Content on success (then it resolves to undefined); any other answer is still 200. */
  noContent?: boolean;
  /** A 200 resolves to the Response itself, unread: for answers that are not JSON (a calendar file). */
  raw?: boolean;
  /** With `raw`, these statuses resolve to the Response too (RFC 8628's token endpoint answers its states as 400). */
  rawStatuses?: number[];
}

export type Method = "GET" | "POST" | "DELETE" | "PUT" | "PATCH";

/**
 * The options of calls made as a signed-in user: their token as `Authorization: Bearer`, and the hook a 401 runs so
 * the web session is cleared (SPEC §8). Without a token the calls stay anonymous.
 */
export function asUser(options: ApiClientOptions, token: string | null | undefined, onUnauthenticated?: () => void): ApiClientOptions {
  return token ? { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` }, onUnauthenticated } : options;
}

/**
 * The options of calls that carry the anonymous viewer id (`X-Viewer-Id`, from the `vid` cookie): the API suppresses
 * a preroll per viewer when no user is signed in. Without an id the calls are unchanged.
 */
export function asViewer(options: ApiClientOptions, viewerId: string | null | undefined): ApiClientOptions {
  return viewerId ? { ...options, headers: { ...options.headers, "x-viewer-id": viewerId } } : options;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const sleep = options.sleep ?? defaultSleep;

  async function send(method: Method, path: string, opts: RequestOptions, apiKey: string | null): Promise<Response> {
    const url = new URL(`/api/${path.replace(/^\//, "")}`, options.origin);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const keyInQuery = method === "GET" || method === "DELETE";
    if (apiKey && keyInQuery) url.searchParams.set("api_key", apiKey);
    const payload = keyInQuery || opts.form ? undefined : { ...opts.body, ...(apiKey ? { api_key: apiKey } : {}) };
    if (opts.form && apiKey) opts.form.set("api_key", apiKey);

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (payload) headers["content-type"] = "application/json";
    try {
      const body = opts.form && !keyInQuery ? opts.form : payload ? JSON.stringify(payload) : undefined;
      return await options.transport(new Request(url, { method, headers, body, signal }));
    } catch (error) {
      // A cancelled request passes through untouched; only our own timeout becomes an API error.
      if (opts.signal?.aborted) throw error;
      if (timeout.aborted) throw new ApiRequestError("timeout", `Request timed out after ${timeoutMs} ms`);
      throw new ApiRequestError("network", error instanceof Error ? error.message : String(error));
    }
  }

  async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let apiKey: string | null = null;
      if (!opts.public) {
        apiKey = options.keys ? await options.keys.get() : null;
        if (!apiKey) throw new ApiRequestError("no_api_key", "no api key");
      }
      const response = await send(method, path, opts, apiKey);
      // A non-200 success is a failure too (SPEC §8).
      if (response.status === 200) return (opts.raw ? response : await response.json()) as T;
      if (opts.raw && opts.rawStatuses?.includes(response.status)) return response as T;
      if (response.status === 204 && opts.noContent) return undefined as T;

      const body = await readErrorBody(response);
      if (isKeyError(body)) {
        options.keys?.clear();
        if (!opts.public && attempt < RETRY_COUNT) {
          await sleep(RETRY_DELAY_MS);
          continue;
        }
        throw new ApiRequestError("api_key", body?.message ?? "api key refused", response.status, body);
      }
      if (response.status === 429) throw new ApiRequestError("throttled", body?.message ?? "Too many requests", 429, body);
      if (response.status === 401) {
        options.onUnauthenticated?.();
        throw new ApiRequestError("unauthenticated", body?.message ?? "Unauthenticated", 401, body);
      }
      const kind = response.status === 404 ? "not_found" : response.status === 422 ? "validation" : "http";
      throw new ApiRequestError(kind, body?.message ?? `HTTP ${response.status}`, response.status, body);
    }
  }

  return {
    request,
    get: <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, opts),
    post: <T>(path: string, opts?: RequestOptions) => request<T>("POST", path, opts),
    patch: <T>(path: string, opts?: RequestOptions) => request<T>("PATCH", path, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, opts),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    // Extra fields (a playback refusal's `reason`) are kept for the callers that read them.
    const parsed = apiErrorBodySchema.passthrough().safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
