// The Worker entry: /api/* goes to the platform API, everything else to the Remix web app.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { api } from "./api/index";
import { consumeBatch } from "./api/jobs/queue";
import { getLoadContext } from "./app/server/load-context";
// @ts-ignore: the server build exists once `npm run build` has run.
import * as build from "./build/server/index.js";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export default {
  async fetch(request, env, ctx) {
    const started = performance.now();
    const { pathname } = new URL(request.url);
    let response: Response;
    if (isApiPath(pathname)) {
      response = await api.fetch(request, env, ctx);
    } else {
      const context = await getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf } } });
      response = await handleRemix(request, context);
    }
    // Server time per request, read by `npm run bench` (Workers' clock advances on I/O only in production).
    const headers = new Headers(response.headers);
    headers.append("Server-Timing", `total;dur=${(performance.now() - started).toFixed(2)}`);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  queue: (batch, env) => consumeBatch(batch, env),
} satisfies ExportedHandler<Env>;
