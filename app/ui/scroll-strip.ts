// A horizontal scroll-snap strip (slides, VOD rails) paged one item at a time, wrapping at either end.

export const prefersReducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Moves a scroll-snap strip by one card, wrapping at either end. */
export function stepStrip(el: HTMLElement, direction: 1 | -1) {
  const card = el.firstElementChild as HTMLElement | null;
  const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
  const step = card ? card.offsetWidth + gap : el.clientWidth;
  const max = el.scrollWidth - el.clientWidth;
  let left = el.scrollLeft + direction * step;
  if (direction === 1 && el.scrollLeft >= max - 4) left = 0;
  if (direction === -1 && el.scrollLeft <= 4) left = max;
  el.scrollTo({ left, behavior: prefersReducedMotion() ? "auto" : "smooth" });
}
