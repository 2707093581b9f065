import type { ApiErrorBody } from "@api/contract/common";

/** Why an API call failed, as the SPEC §8 rules tell them apart. */
export type ApiFailureKind =
  | "no_api_key" // no key could be had: "no api key"
  | "api_key" // the key was refused again after the one retry
  | "throttled" // 429: a global error, never retried
  | "unauthenticated" // 401: the user is cleared
  | "not_found"
  | "validation" // 422 with per-field messages
  | "http" // any other non-200 answer, a non-200 success included
  | "timeout"
  | "network";

/** A failed API call. `global` marks the failures that the app shows as a global error. */
export class ApiRequestError extends Error {
  constructor(
    readonly kind: ApiFailureKind,
    message: string,
    readonly status: number | null = null,
    readonly body: ApiErrorBody | null = null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  get global(): boolean {
    return this.kind === "throttled" || this.kind === "api_key" || this.kind === "no_api_key";
  }

  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
}

/** SPEC §8: an error body that mentions channel_key or api_key asks for a new key. */
export function isKeyError(body: ApiErrorBody | null): boolean {
  if (!body) return false;
  if (/\b(api_key|channel_key)\b/.test(body.message)) return true;
  return Object.keys(body.errors ?? {}).some((k) => k === "api_key" || k === "channel_key");
}

/** Whether a value is an ApiRequestError (by shape, so it holds across bundle copies too). */
export function isApiRequestError(error: unknown, ...kinds: ApiFailureKind[]): error is ApiRequestError {
  if (!(error instanceof Error) || error.name !== "ApiRequestError") return false;
  return kinds.length === 0 || kinds.includes((error as ApiRequestError).kind);
}

/** An API call's answer, or the refusal the visitor can act on: its status, message and per-field messages. */
export type ApiResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string; errors: Record<string, string[]>; codes?: ApiErrorBody["codes"] };

/**
 * A refusal with a message (by default a 4xx: validation, not found, other) as a result; outages and 401 stay
 * errors. `kinds` widens it where the page words a refusal itself (a 429 on code checks).
 */
export async function asResult<T>(call: Promise<T>, kinds: ApiFailureKind[] = ["http", "not_found", "validation"]): Promise<ApiResult<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    if (isApiRequestError(error, ...kinds) && error.body?.message) {
      const { codes } = error.body;
      return { ok: false, status: error.status ?? 400, message: error.body.message, errors: error.body.errors ?? {}, ...(codes ? { codes } : {}) };
    }
    throw error;
  }
}
