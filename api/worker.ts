// The API alone as a Worker: what a split deployment (web's API_ORIGIN pointing here) runs, and what the
// API tests load.
import { runDueRenewals } from "./jobs/payment-events";
import { consumeBatch } from "./jobs/queue";
import { api } from "./index";

// Durable Object classes are exported by name from the entry module (wrangler.toml [[durable_objects.bindings]]).
export { RateLimiter } from "./durable/rate-limiter";

export default {
  fetch: (request, env, ctx) => api.fetch(request, env, ctx),
  queue: (batch, env) => consumeBatch(batch, env),
  // The Cron Trigger (wrangler.toml [triggers]): sandbox renewals due by the scheduled time.
  scheduled: (controller, env, ctx) => ctx.waitUntil(runDueRenewals(env, controller.scheduledTime)),
} satisfies ExportedHandler<Env>;
