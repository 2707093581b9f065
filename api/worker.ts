// The API alone as a Worker: what a split deployment (web's API_ORIGIN pointing here) runs, and what the
// API tests load.
import { runScheduled } from "./jobs/scheduled";
import { consumeBatch } from "./jobs/queue";
import { api } from "./index";

// Durable Object classes are exported by name from the entry module (wrangler.toml [[durable_objects.bindings]]).
export { RateLimiter } from "./durable/rate-limiter";
export { StreamGuard } from "./durable/stream-guard";
export { EventLive } from "./durable/event-live";

export default {
  fetch: (request, env, ctx) => api.fetch(request, env, ctx),
  queue: (batch, env) => consumeBatch(batch, env),
  // The Cron Trigger (wrangler.toml [triggers]): sandbox renewals and the clip sweep (jobs/scheduled.ts).
  scheduled: (controller, env, ctx) => ctx.waitUntil(runScheduled(env, controller.scheduledTime)),
} satisfies ExportedHandler<Env>;
