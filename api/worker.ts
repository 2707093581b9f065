// The API alone as a Worker: what a split deployment (web's API_ORIGIN pointing here) runs, and what the
// API tests load.
import { consumeBatch } from "./jobs/queue";
import { api } from "./index";

// Durable Object classes are exported by name from the entry module (wrangler.toml [[durable_objects.bindings]]).
export { RateLimiter } from "./durable/rate-limiter";

export default {
  fetch: (request, env, ctx) => api.fetch(request, env, ctx),
  queue: (batch, env) => consumeBatch(batch, env),
} satisfies ExportedHandler<Env>;
