// The Worker entry: /api/* goes to the platform API, everything else to the Remix web app.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore: the server build exists once `npm run build` has run.
import * as build from "./build/server/index.js";
import type * as Entry from "./app/entry.server";
import { drainBody } from "./api/lib/request-body";
import { ConfigError, deployableConfig } from "./api/env";

const serverBuild = build as unknown as ServerBuild;
// The API, the load context and the queue consumer come from the server build (see app/entry.server.tsx).
const { api, consumeBatch, runScheduled, getLoadContext, applyBaseSecurityHeaders, foreignOriginResponse, isForeignMutation } =
  serverBuild.entry.module as unknown as typeof Entry;
const handleRemix = createRequestHandler(serverBuild);

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

// Durable Object classes are exported by name from the entry module (wrangler.toml [[durable_objects.bindings]]).
export { RateLimiter } from "./api/durable/rate-limiter";
export { StreamGuard } from "./api/durable/stream-guard";
export { EventLive } from "./api/durable/event-live";

/**
 * The configuration's problems (api/env.ts), or null when it can serve: production without its secrets serves
 * nothing, rather than falling back to development values (issue 25). Said once per isolate in the logs.
 */
let reported = false;
function configProblems(env: Env): string | null {
  try {
    deployableConfig(env);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (!reported) console.error(error.message);
    reported = true;
    return error.message;
  }
}

export default {
  async fetch(request, env, ctx) {
    const started = performance.now();
    const problems = configProblems(env);
    if (problems) {
      await drainBody(request);
      // The variables' names, never their values: what an operator needs on the first request after a deploy.
      return new Response(`${problems}\n`, { status: 503, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "retry-after": "60" } });
    }
    const { pathname } = new URL(request.url);
    let response: Response;
    if (isApiPath(pathname)) {
      response = await api.fetch(request, env, ctx);
    } else if (isForeignMutation(request)) {
      // A form posted from another site never reaches an action (the API authenticates by token, not cookie).
      response = foreignOriginResponse(new URL(request.url));
    } else {
      const context = await getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf } } });
      response = await handleRemix(request, context);
    }
    // A body nobody read (an answer before reading: a 404, a 405, a refused size) is read and dropped before the answer
    // goes, within a byte and time ceiling: answering over unread bytes resets the client's connection, and stopped
    // wrangler's local server (issue 25, api/lib/request-body.ts).
    await drainBody(request);
    // Server time per request, read by `npm run bench` (workerd's clock moves in whole milliseconds).
    const headers = new Headers(response.headers);
    // Resource routes and redirects get the same base headers as documents; the API sets its own (stricter) ones.
    // X-Frame-Options is left out only where the document's own CSP allows framing (the embed page, entry.server).
    applyBaseSecurityHeaders(headers, new URL(request.url), { keepExisting: isApiPath(pathname) });
    headers.append("Server-Timing", `total;dur=${(performance.now() - started).toFixed(2)}`);
    // A WebSocket's 101 keeps its socket (the event's live-state channel, issue 26).
    if (response.webSocket) return new Response(null, { status: 101, webSocket: response.webSocket, headers });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  queue: (batch, env) => {
    // A queue or cron run of a misconfigured production stops there, its messages kept for the fixed deploy.
    deployableConfig(env);
    return consumeBatch(batch, env);
  },
  // The Cron Trigger (wrangler.toml [triggers]): sandbox renewals and the clip sweep (api/jobs/scheduled.ts).
  scheduled: (controller, env, ctx) => {
    deployableConfig(env);
    ctx.waitUntil(runScheduled(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
