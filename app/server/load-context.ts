// One load context for both the Vite dev proxy and worker.ts (STYLE: Hydrogen's createAppLoadContext).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { appConfig, type AppConfig } from "@api/env";
import { loadViewerId, type ViewerId, type WebSession } from "./session.server";
import { resolveTenant, type TenantState } from "./tenant.server";
import { loadViewer, type ViewerApi } from "./viewer-api.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & { cf?: unknown };

export interface AppContext {
  env: Env;
  /** The env's vars and secrets, parsed once with zod (api/env.ts): read these, not env's strings. */
  config: AppConfig;
  ctx: ExecutionContext;
  /** Per-request nonce for inline scripts (CSP). */
  nonce: string;
  tenant: TenantState;
  /** The signed-in user (loaded once per request) and whether the response must clear the cookie. */
  session: WebSession;
  /**
   * The channel's API as this visitor, their token and 401 handling bound once (viewer-api.server.ts); null without a
   * ready channel. Loaders and actions take it from the guards (`requireUser`, `optionalUser`).
   */
  api: ViewerApi | null;
  /** The anonymous viewer id (`vid` cookie), sent to the API on playback and preroll calls; reading it marks it used. */
  viewer: ViewerId;
  /** The page path of this request: data requests too carry it, so guards hold on client-side navigations. */
  path: string;
  /** Where the visitor came from (the Referer header), for the navigation rules of SPEC §2. */
  referer: string | null;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends AppContext {}
}

export async function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): Promise<AppLoadContext> {
  const { env, ctx } = context.cloudflare;
  const executionContext = ctx as unknown as ExecutionContext;
  const tenant = await resolveTenant(request, env, executionContext);
  const viewer = loadViewerId(request);
  const { session, api } = await loadViewer(request, tenant, viewer);
  const config = appConfig(env);
  return { env, config, ctx: executionContext, nonce: nonce(), tenant, session, api, viewer, path: new URL(request.url).pathname, referer: request.headers.get("referer") };
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
