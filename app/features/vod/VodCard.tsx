import type { VodItem } from "@api/contract/catalogue";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";

export const vodImage = (item: Pick<VodItem, "assets">) => item.assets.find((a) => a.type === "image")?.path ?? null;

/** A VOD item as a card; it links to its detail page. */
export function VodCard({ item, headingLevel = 3 }: { item: VodItem; headingLevel?: 3 | 4 }) {
  const { i18n } = useTranslation();
  const image = vodImage(item);
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article className="vod-card">
      {image ? <img className="vod-card__image" src={image} alt="" width={640} height={360} loading="lazy" /> : <div className="vod-card__image" />}
      <div className="vod-card__body">
        <Heading className="vod-card__title">
          <Link to={`/vod_library/${item.id}`} className="vod-card__link">
            {item.title}
          </Link>
        </Heading>
        <time className="vod-card__date" dateTime={item.date}>
          {formatDate(item.date, i18n.language || "en")}
        </time>
      </div>
    </article>
  );
}
