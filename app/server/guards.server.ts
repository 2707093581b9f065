import { json } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ReadyTenant } from "./tenant.server";

export type ShellErrorCode = "channel_not_found" | "unavailable";

/** The channel of this request, ready to use; otherwise the plain 404 or the reload screen. */
export function requireTenant(context: AppLoadContext): ReadyTenant {
  const { tenant } = context;
  if (tenant.kind === "unknown") throw json({ code: "channel_not_found" satisfies ShellErrorCode }, { status: 404 });
  if (tenant.kind === "unavailable") throw json({ code: "unavailable" satisfies ShellErrorCode }, { status: 503 });
  return tenant;
}

/** The 404 page for this URL. */
export function notFound(): never {
  throw json({ code: "not_found" }, { status: 404 });
}
