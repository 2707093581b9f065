import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { prefersReducedMotion, stepStrip } from "./scroll-strip";

interface RailProps<T> {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Beside the arrows: a "See all" link, for example. */
  actions?: ReactNode;
  /** Steps by itself every this many ms (the library's rails, SPEC), pausing while hovered or focused. */
  autoScrollMs?: number;
  className?: string;
  /** Shown instead of the strip when there are no items. */
  empty?: ReactNode;
  /** Extra attributes for the section (a data- marker, for example). */
  section?: Record<`data-${string}`, string>;
}

/**
 * A horizontal row of cards that a finger swipes and a mouse pages with arrows (home's sections, the library's rails):
 * scroll-snapped, each card 280–380 px so the next one peeks in. The strip is focusable, so the keyboard scrolls it,
 * and every card's link is reached by Tab in order.
 */
export function Rail<T>({ id, title, items, itemKey, renderItem, actions, autoScrollMs, className = "", empty, section }: RailProps<T>) {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const paused = useRef(false);
  useEffect(() => {
    if (!autoScrollMs || prefersReducedMotion() || items.length < 2) return;
    const timer = window.setInterval(() => {
      const el = strip.current;
      if (!paused.current && el && el.scrollWidth > el.clientWidth) stepStrip(el, 1);
    }, autoScrollMs);
    return () => window.clearInterval(timer);
  }, [autoScrollMs, items.length]);
  const pause = (on: boolean) => () => void (paused.current = on);
  const step = (direction: 1 | -1) => () => strip.current && stepStrip(strip.current, direction);
  return (
    <section
      className={`rail ${className}`.trim()}
      aria-labelledby={id}
      aria-roledescription={autoScrollMs ? "carousel" : undefined}
      onMouseEnter={pause(true)}
      onMouseLeave={pause(false)}
      onFocus={pause(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) paused.current = false;
      }}
      {...section}
    >
      <div className="rail__head">
        <h2 id={id}>{title}</h2>
        <div className="rail__controls">
          {actions}
          {items.length > 1 ? (
            <>
              <button type="button" className="carousel__button rail__arrow" onClick={step(-1)} aria-label={t("rail.previous", { rail: title })}>
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className="carousel__button rail__arrow" onClick={step(1)} aria-label={t("rail.next", { rail: title })}>
                <span aria-hidden="true">›</span>
              </button>
            </>
          ) : null}
        </div>
      </div>
      {items.length ? (
        <ul className="rail__strip" ref={strip} tabIndex={0} aria-label={title}>
          {items.map((item) => (
            <li key={itemKey(item)} className="rail__item">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      ) : (
        empty
      )}
    </section>
  );
}
