// The API alone as a Worker: what a split deployment (web's API_ORIGIN pointing here) runs, and what the
// API tests load.
import { consumeBatch } from "./jobs/queue";
import { api } from "./index";

export default {
  fetch: (request, env, ctx) => api.fetch(request, env, ctx),
  queue: (batch, env) => consumeBatch(batch, env),
} satisfies ExportedHandler<Env>;
