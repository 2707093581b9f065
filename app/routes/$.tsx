import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ChannelPageView } from "~/features/pages/ChannelPageView";
import { metaFromLoader } from "~/lib/route-meta";
import { loadChannelPage } from "~/server/pages.server";

// Any path that is no route: one of the channel's own pages (e.g. /tickets-info), else the 404 page.
export const loader = ({ context, params }: LoaderFunctionArgs) => loadChannelPage(context, `/${params["*"] ?? ""}`);

export const meta = metaFromLoader;

export default function ChannelPage() {
  const data = useLoaderData<typeof loader>();
  return <ChannelPageView page={data.page} blocks={data.blocks} />;
}
