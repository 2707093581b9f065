// One load context for both the Vite dev proxy and worker.ts (STYLE: Hydrogen's createAppLoadContext).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { resolveTenant, type TenantState } from "./tenant.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & { cf?: unknown };

export interface AppContext {
  env: Env;
  ctx: ExecutionContext;
  /** Per-request nonce for inline scripts (CSP). */
  nonce: string;
  tenant: TenantState;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends AppContext {}
}

export async function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): Promise<AppLoadContext> {
  const { env, ctx } = context.cloudflare;
  const executionContext = ctx as unknown as ExecutionContext;
  const tenant = await resolveTenant(request, env, executionContext);
  return { env, ctx: executionContext, nonce: nonce(), tenant };
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
