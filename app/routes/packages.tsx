// /packages (SPEC §2): the shop.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { commerceLinks } from "~/features/commerce/links";
import { Shop } from "~/features/commerce/Shop";
import { loadShop } from "~/features/commerce/shop.server";
import { metaFromLoader } from "~/lib/route-meta";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { bootstrap, channel, lang } = requireTenant(context);
  const [shop, t] = await Promise.all([loadShop(context), getT(lang)]);
  return {
    ...shop,
    meta: { title: t("commerce:titles.packages"), description: t("commerce:descriptions.packages", { site: bootstrap.settings.title ?? channel.name }) },
  };
}

export const links = commerceLinks;
export const meta = metaFromLoader;

export default function Packages() {
  const { products, owned, trialEligible } = useLoaderData<typeof loader>();
  const { t } = useTranslation("commerce");
  return <Shop products={products} owned={owned} trialEligible={trialEligible} title={t("titles.packages")} />;
}
