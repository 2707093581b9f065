import { api } from "@api/index";
import type { Transport } from "./client.server";

/** The API in the same Worker: no network hop. */
export function inProcessTransport(env: Env, ctx: ExecutionContext): Transport {
  return async (request) => api.fetch(request, env, ctx);
}

/** A separate API deployment (API_ORIGIN). */
export function httpTransport(): Transport {
  return (request) => fetch(request);
}
