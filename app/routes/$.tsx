import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ChannelPageView } from "~/features/pages/ChannelPageView";
import { metaFromLoader } from "~/lib/route-meta";
import { hasChannelPage, loadChannelPage } from "~/server/pages.server";
import { requireTenant } from "~/server/guards.server";

/** Where SPEC §2 sends any path that is neither a route nor one of the channel's pages. */
const NOT_FOUND_PATH = "/404";

// Any path that is no route: one of the channel's own pages (e.g. /tickets-info), else a redirect to /404 (SPEC §2),
// which answers with status 404 itself. A temporary redirect: the channel may add a page at that path later.
export const loader = ({ context, params }: LoaderFunctionArgs) => {
  const url = `/${params["*"] ?? ""}`;
  if (!hasChannelPage(requireTenant(context), url)) throw redirect(NOT_FOUND_PATH, 302);
  return loadChannelPage(context, url);
};

export const meta = metaFromLoader;

export default function ChannelPage() {
  const data = useLoaderData<typeof loader>();
  return <ChannelPageView page={data.page} blocks={data.blocks} />;
}
