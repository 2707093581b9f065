// vod_library_ (trailing underscore): /vod_library/{id} is not nested inside the library page's layout.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaWithSocial } from "~/features/events/social-meta";
import { vodImage } from "~/features/vod/VodCard";
import { formatDate } from "~/lib/format";
import { absoluteUrl, displayableImage, isMissing } from "~/server/events.server";
import { notFound, requireTenant } from "~/server/guards.server";
import { catalogueLinks } from "~/features/events/links";

// The VOD item detail (SPEC §2: an id parameter): poster, title, date and a Watch link.
export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!/^\d+$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id <= 0) notFound();
  const item = await requireTenant(context)
    .catalogue.vodItem(id)
    .catch((error) => {
      if (isMissing(error)) notFound();
      throw error;
    });
  return {
    item,
    meta: { title: item.title, description: item.description },
    social: { url: absoluteUrl(context, `/vod_library/${item.id}`)!, image: displayableImage(context, vodImage(item), item.title), type: "video.other" as const },
  };
}

export const links = catalogueLinks;

export const meta = metaWithSocial;

export default function VodItemDetail() {
  const { item } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const image = vodImage(item);
  return (
    <article className="page vod-item">
      {image ? <img className="vod-item__poster" src={image} alt={t("vod.posterOf", { title: item.title })} width={1280} height={720} /> : null}
      <h1>{item.title}</h1>
      <p>
        <time dateTime={item.date}>{formatDate(item.date, i18n.language || "en")}</time>
      </p>
      {item.description ? <p>{item.description}</p> : null}
      <Link to={`/watch_library/${item.id}`} className="button button--primary">
        {t("vod.watch")}
        <span className="visually-hidden">: {item.title}</span>
      </Link>
    </article>
  );
}
