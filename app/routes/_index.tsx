import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StaticBlocks } from "~/features/blocks/StaticBlocks";
import { SlideCarousel } from "~/features/slides/SlideCarousel";
import { metaFromLoader } from "~/lib/route-meta";
import { blocksFor } from "~/server/content.server";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { bootstrap, channel, lang } = requireTenant(context);
  const t = await getT(lang);
  const name = bootstrap.settings.title ?? channel.name;
  return {
    name,
    slides: bootstrap.slides.filter((s) => s.slidable_type === "main"),
    top: blocksFor(bootstrap.static_blocks, "home_top"),
    bottom: blocksFor(bootstrap.static_blocks, "home_bottom"),
    meta: { title: name, description: bootstrap.settings.description },
  };
}

export const meta = metaFromLoader;

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="home">
      <h1 className="visually-hidden">{t("home.welcome", { name: data.name })}</h1>
      <SlideCarousel slides={data.slides} />
      <div className="page">
        <StaticBlocks blocks={data.top} placement="home_top" />
        <StaticBlocks blocks={data.bottom} placement="home_bottom" />
      </div>
    </div>
  );
}
