// Colours for the artwork: team and channel colours as stored (#rrggbb), made safe to put white text and crests on.

/** The colour a team without one is drawn in: a dark neutral, so white text stays readable. */
export const NEUTRAL = "#2b3445";

const HEX = /^#([0-9a-f]{6})$/i;

function rgb(hex: string): [number, number, number] | null {
  const m = HEX.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (c: [number, number, number]) => `#${c.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, "0")).join("")}`;

/** A stored colour, or `fallback` when it is missing or not #rrggbb (the SVG never carries a value it did not check). */
export function colour(value: string | null | undefined, fallback = NEUTRAL): string {
  return value && rgb(value) ? value.toLowerCase() : fallback;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const c = rgb(hex) ?? [0, 0, 0];
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** `hex` mixed toward black by `amount` (0–1). */
export function darken(hex: string, amount: number): string {
  const c = rgb(hex) ?? [0, 0, 0];
  return toHex(c.map((v) => v * (1 - amount)) as [number, number, number]);
}

/**
 * A background white text can sit on: a light colour (a yellow, a white) is darkened until white on it reaches
 * about 3:1, the contrast large bold text needs.
 */
export function underWhite(hex: string): string {
  let out = hex;
  for (let i = 0; i < 12 && (1.05 / (luminance(out) + 0.05)) < 3; i++) out = darken(out, 0.12);
  return out;
}
