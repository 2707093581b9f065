import type { Slide } from "@api/contract/channel";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { slideHref } from "~/lib/menu";
import { stepStrip } from "~/ui/scroll-strip";

/**
 * The home slides: a scroll-snap strip, so every slide is reachable without JavaScript; the buttons page
 * through it by keyboard or pointer.
 */
export function SlideCarousel({ slides }: { slides: Slide[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  if (!slides.length) return null;
  const page = (direction: 1 | -1) => track.current && stepStrip(track.current, direction);
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t("slides.label")}>
      <div className="carousel__track" ref={track} tabIndex={0}>
        {slides.map((slide, i) => {
          const href = slideHref(slide);
          return (
            <div
              key={slide.id}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t("slides.position", { n: i + 1, total: slides.length })}
            >
              <img src={slide.image} alt={slide.image_alt} className="carousel__image" loading={i === 0 ? "eager" : "lazy"} width={1600} height={600} />
              <div className="carousel__caption">
                <h2 className="carousel__title">{slide.title}</h2>
                {slide.subtitle ? <p className="carousel__subtitle">{slide.subtitle}</p> : null}
                {href ? (
                  <a className="button button--primary" href={href}>
                    {slide.cta ?? slide.title}
                  </a>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      {slides.length > 1 ? (
        <div className="carousel__controls">
          <button type="button" className="carousel__button" onClick={() => page(-1)} aria-label={t("slides.previous")}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel__button" onClick={() => page(1)} aria-label={t("slides.next")}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
