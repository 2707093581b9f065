import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";

// Public channel data may be cached by browsers and the edge, per host.
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=600";

/**
 * The default Cache-Control of a successful GET that set none: public for public calls, private and unstored for
 * keyed ones (their URL carries the api key, which must stay out of shared caches).
 */
export const defaultCacheControl = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method !== "GET" || c.res.status !== 200 || c.res.headers.has("Cache-Control")) return;
  c.header("Cache-Control", c.req.query("api_key") ? "private, no-store" : PUBLIC_CACHE);
});
