import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireTenant } from "~/server/guards.server";

// Per channel: everything may be crawled; the sitemap is on the channel's own host.
export function loader({ context }: LoaderFunctionArgs) {
  const { origin } = requireTenant(context);
  const body = `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
