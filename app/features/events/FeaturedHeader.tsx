import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Featured } from "~/lib/events-query";
import { Crest } from "./Crest";

/** The header of a school's or team's landing (/upcoming?school=… or ?team=…): crest, name and colour. */
export function FeaturedHeader({ featured, heading, action }: { featured: Featured; heading: string; action?: ReactNode }) {
  const { t } = useTranslation();
  // The team colour is the channel's data, not a brand colour of this app: it only tints a border.
  const style = featured.color ? ({ "--featured-color": featured.color } as CSSProperties) : undefined;
  return (
    <header className="featured" style={style} data-kind={featured.kind}>
      <Crest src={featured.image} alt={t("events.crestOf", { name: featured.name })} size={72} />
      <div>
        <p className="featured__kind">{t(`events.filters.${featured.kind}`)}</p>
        <h1 className="featured__name">{heading}</h1>
      </div>
      {action ? <div className="featured__action">{action}</div> : null}
    </header>
  );
}
