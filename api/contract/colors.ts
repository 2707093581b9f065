// Channel colours (DESIGN "Theming"): the keys a channel may set, the platform palette behind them, and the
// readability rule the console enforces (issue 16). Pure and zod-free: the console's live preview imports it too.

export const COLOR_KEYS = [
  "primary",
  "primary-contrast",
  "secondary",
  "secondary-contrast",
  "accent",
  "background",
  "surface",
  "surface-alt",
  "text",
  "text-muted",
  "border",
  "header-bg",
  "header-text",
  "footer-bg",
  "footer-text",
  "live",
  "success",
  "error",
  "info",
  "focus",
] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

/** The platform palette; a channel overrides any of it. */
export const DEFAULT_COLORS: Record<ColorKey, string> = {
  primary: "#1d4ed8",
  "primary-contrast": "#ffffff",
  secondary: "#0f172a",
  "secondary-contrast": "#ffffff",
  accent: "#f59e0b",
  background: "#ffffff",
  surface: "#f8fafc",
  "surface-alt": "#eef2f7",
  text: "#0f172a",
  "text-muted": "#475569",
  border: "#cbd5e1",
  "header-bg": "#0f172a",
  "header-text": "#ffffff",
  "footer-bg": "#0f172a",
  "footer-text": "#e2e8f0",
  live: "#dc2626",
  success: "#15803d",
  error: "#b91c1c",
  info: "#1d4ed8",
  focus: "#f59e0b",
};

/** RGB channels of a #rgb, #rgba, #rrggbb or #rrggbbaa colour, or null for anything else. */
export function parseHexColor(value: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim());
  if (!m) return null;
  let hex = m[1];
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join("");
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two hex colours (1 to 21), or null when one is not a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseHexColor(a);
  const cb = parseHexColor(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 1.4.3 (AA) for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The text-on-background pairs the site draws: [foreground, background]. */
export const TEXT_PAIRS: readonly (readonly [ColorKey, ColorKey])[] = [
  ["text", "background"],
  ["text", "surface"],
  ["text-muted", "background"],
  ["primary-contrast", "primary"],
  ["secondary-contrast", "secondary"],
  ["header-text", "header-bg"],
  ["footer-text", "footer-bg"],
];

export interface ContrastCheck {
  foreground: ColorKey;
  background: ColorKey;
  ratio: number;
  ok: boolean;
}

/** Every text pair of a palette (the channel's colours over the platform's) with its ratio and verdict. */
export function contrastChecks(colors: Partial<Record<string, string>>): ContrastCheck[] {
  const pick = (key: ColorKey) => (colors[key] && parseHexColor(colors[key]!) ? colors[key]! : DEFAULT_COLORS[key]);
  return TEXT_PAIRS.map(([foreground, background]) => {
    const ratio = contrastRatio(pick(foreground), pick(background)) ?? 1;
    return { foreground, background, ratio, ok: ratio >= MIN_TEXT_CONTRAST };
  });
}
