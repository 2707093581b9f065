import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Event, ListResponse, VodItem } from "@api/contract/catalogue";
import { EVENTS_MAX_LIMIT } from "@api/contract/catalogue-types";
import { orEmpty } from "~/server/events.server";
import { requireTenant } from "~/server/guards.server";

const LIST_PAGES = ["/", "/upcoming", "/live", "/vod", "/schedule", "/vod_library"];
const none = <T,>(): ListResponse<T> => ({ data: [], meta: { total: 0, offset: 0, limit: 0 } });

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// Per channel: home, the lists, the channel's own pages, live and upcoming events, and VOD items.
export async function loader({ context }: LoaderFunctionArgs) {
  const { origin, bootstrap, catalogue } = requireTenant(context);
  const [live, upcoming, vod] = await Promise.all([
    orEmpty(catalogue.events({ status: "live", limit: EVENTS_MAX_LIMIT }), none<Event>()),
    orEmpty(catalogue.events({ status: "upcoming", limit: EVENTS_MAX_LIMIT }), none<Event>()),
    orEmpty(catalogue.vodItems({ limit: EVENTS_MAX_LIMIT }), none<VodItem>()),
  ]);
  const paths = [
    ...LIST_PAGES,
    ...bootstrap.pages.map((p) => p.url),
    ...[...live.data, ...upcoming.data].map((e) => `/watch/${e.id}`),
    ...vod.data.map((v) => `/vod_library/${v.id}`),
  ];
  const urls = [...new Set(paths)].map((p) => `  <url><loc>${escapeXml(new URL(p, origin).toString())}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
