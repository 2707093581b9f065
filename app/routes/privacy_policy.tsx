import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ChannelPageView } from "~/features/pages/ChannelPageView";
import { metaFromLoader } from "~/lib/route-meta";
import { getT } from "~/server/i18n.server";
import { loadChannelPage } from "~/server/pages.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const t = await getT(context.tenant.lang);
  return loadChannelPage(context, "/privacy_policy", t("titles.privacy"));
}

export const meta = metaFromLoader;

export default function PrivacyPolicyPage() {
  const data = useLoaderData<typeof loader>();
  return <ChannelPageView page={data.page} blocks={data.blocks} />;
}
