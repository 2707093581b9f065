import type { HonoRequest } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { apiKeyError } from "../lib/errors";
import { readBody } from "../lib/validate";
import { verifyApiKey } from "../services/api-keys";

/** Where the api_key travels (SPEC §7): the query for GET and DELETE, the body otherwise. */
export async function readApiKey(request: HonoRequest): Promise<string | null> {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "DELETE") return request.query("api_key") ?? null;
  const body = await readBody(request);
  return typeof body.api_key === "string" ? body.api_key : null;
}

/** Refuses a missing, wrong or expired key, and a key of another channel than the host's. */
export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  const key = await readApiKey(c.req);
  const channelId = key ? await verifyApiKey(c.get("db"), key, c.get("now")()) : null;
  const channel = c.get("channel");
  // A suspended channel's keys stop working at once, not when they expire.
  if (channelId === null || channelId !== channel.id || channel.status !== "active") throw apiKeyError("api_key");
  await next();
});
