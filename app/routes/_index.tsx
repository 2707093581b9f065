import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { VodItem } from "@api/contract/catalogue";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StaticBlocks } from "~/features/blocks/StaticBlocks";
import { SlideCarousel } from "~/features/slides/SlideCarousel";
import { metaWithSocial } from "~/features/events/social-meta";
import { blocksFor } from "~/server/content.server";
import { requireTenant } from "~/server/guards.server";
import { absoluteUrl, loadHomeEvents, orEmpty, shareImage } from "~/server/events.server";
import { HomeEventSection } from "~/features/events/HomeEventSection";
import { catalogueLinks } from "~/features/events/links";
import { YourTeams } from "~/features/favorites/YourTeams";
import { VodCard } from "~/features/vod/VodCard";
import { Rail } from "~/ui/Rail";
import { loadYourTeams } from "~/features/favorites/your-teams.server";
import { KeyPlaysRail } from "~/features/scores/KeyPlaysRail";
import { loadKeyPlaysRail } from "~/features/scores/key-plays-rail.server";

/** The library's newest items on home (its own rail; the library page has them all). */
const HOME_LIBRARY_ITEMS = 12;

export async function loader({ context }: LoaderFunctionArgs) {
  const { bootstrap, catalogue, channel } = requireTenant(context);
  // Rendered on the server; a failed call leaves the sections empty rather than failing the home page.
  const [events, yourTeams, keyPlays, library] = await Promise.all([
    loadHomeEvents(context),
    loadYourTeams(context),
    loadKeyPlaysRail(context),
    orEmpty(
      catalogue.vodItems({ limit: HOME_LIBRARY_ITEMS, sort_direction: "desc" }).then((r) => r.data),
      [] as VodItem[]
    ),
  ]);
  const name = bootstrap.settings.title ?? channel.name;
  const slides = bootstrap.slides.filter((s) => s.slidable_type === "main");
  return {
    name,
    slides,
    top: blocksFor(bootstrap.static_blocks, "home_top"),
    events,
    yourTeams,
    keyPlays,
    library,
    bottom: blocksFor(bootstrap.static_blocks, "home_bottom"),
    meta: { title: name, description: bootstrap.settings.description },
    social: { url: absoluteUrl(context, "/")!, image: shareImage(context, bootstrap.share_image, name), type: "website" as const },
  };
}

export const links = catalogueLinks;

export const meta = metaWithSocial;

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="home">
      <h1 className="visually-hidden">{t("home.welcome", { name: data.name })}</h1>
      <SlideCarousel slides={data.slides} />
      <div className="page">
        {/* Live games first (issue 28), then the viewer's own, then rails to swipe through. */}
        <HomeEventSection id="live" title={t("home.live")} events={data.events.live} href="/live" empty={t("home.noLive")} />
        {data.yourTeams ? <YourTeams data={data.yourTeams} /> : null}
        {data.keyPlays ? <KeyPlaysRail keyPlays={data.keyPlays} /> : null}
        <StaticBlocks blocks={data.top} placement="home_top" />
        <HomeEventSection id="upcoming" title={t("home.upcoming")} events={data.events.upcoming} href="/upcoming" empty={t("home.noUpcoming")} />
        <HomeEventSection id="recent" title={t("home.recent")} events={data.events.recent} href="/vod" empty={t("home.noRecent")} />
        {data.library.length ? (
          <Rail
            id="library-title"
            className="home-events"
            section={{ "data-section": "library" }}
            title={t("home.library")}
            items={data.library}
            itemKey={(item) => item.id}
            renderItem={(item) => <VodCard item={item} />}
            actions={
              <Link to="/vod_library" className="home-events__all">
                {t("events.seeAll")}
                <span className="visually-hidden">: {t("home.library")}</span>
              </Link>
            }
          />
        ) : null}
        <StaticBlocks blocks={data.bottom} placement="home_bottom" />
      </div>
    </div>
  );
}
