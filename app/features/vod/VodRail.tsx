import { RAIL_SCROLL_MS } from "@api/contract/constants";
import type { VodRail as Rail } from "@api/contract/catalogue";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { prefersReducedMotion, stepStrip } from "~/ui/scroll-strip";
import { VodCard } from "./VodCard";

/**
 * A rail as a card carousel (SPEC: scroll every 5000 ms, cards 280–380 px). It pauses while hovered or while
 * focus is inside, and does not move by itself when the visitor prefers reduced motion.
 */
export function VodRail({ rail }: { rail: Rail }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const paused = useRef(false);
  useEffect(() => {
    if (prefersReducedMotion() || rail.vod_media_items.length < 2) return;
    const timer = window.setInterval(() => {
      const el = strip.current;
      if (!paused.current && el && el.scrollWidth > el.clientWidth) stepStrip(el, 1);
    }, RAIL_SCROLL_MS);
    return () => window.clearInterval(timer);
  }, [rail.vod_media_items.length]);
  const titleId = `rail-${rail.id}`;
  const pause = (on: boolean) => () => void (paused.current = on);
  return (
    <section
      className="rail"
      aria-labelledby={titleId}
      aria-roledescription="carousel"
      onMouseEnter={pause(true)}
      onMouseLeave={pause(false)}
      onFocus={pause(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) paused.current = false;
      }}
    >
      <div className="rail__head">
        <h2 id={titleId}>{rail.title}</h2>
        <div className="rail__controls">
          <button type="button" className="carousel__button" onClick={() => strip.current && stepStrip(strip.current, -1)} aria-label={t("vod.previous", { rail: rail.title })}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel__button" onClick={() => strip.current && stepStrip(strip.current, 1)} aria-label={t("vod.next", { rail: rail.title })}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul className="rail__strip" ref={strip} tabIndex={0} aria-label={rail.title}>
        {rail.vod_media_items.map((item) => (
          <li key={item.id} className="rail__item">
            <VodCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
