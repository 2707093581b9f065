// Colour settings → CSS custom properties (DESIGN "Theming"). Every colour gets its value, its RGB channels
// (`--color-x-rgb: r g b`, for `rgb(var(--color-x-rgb) / .5)`) and explicit alpha steps `--color-x-a10…a90`.

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

export const ALPHA_STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90] as const;

/** RGB channels of a #rgb, #rgba, #rrggbb or #rrggbbaa colour, or null for anything else. */
export function parseHexColor(value: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim());
  if (!m) return null;
  let hex = m[1];
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join("");
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * The theme's custom properties, from the platform defaults overridden by the channel's valid colours.
 * Values that are not hex colours are ignored, so settings can never inject CSS.
 */
export function themeVariables(colors: Record<string, string>): [string, string][] {
  const vars: [string, string][] = [];
  for (const key of COLOR_KEYS) {
    const given = colors[key];
    const value = given && parseHexColor(given) ? given.trim().toLowerCase() : DEFAULT_COLORS[key];
    const [r, g, b] = parseHexColor(value)!;
    vars.push([`--color-${key}`, value], [`--color-${key}-rgb`, `${r} ${g} ${b}`]);
    for (const step of ALPHA_STEPS) vars.push([`--color-${key}-a${step}`, `rgb(${r} ${g} ${b} / ${step / 100})`]);
  }
  return vars;
}

const FONT_PATTERN = /^[\w\s,"'-]{1,120}$/;

/** The `:root { … }` rule for a channel: colours, colour scheme and font. */
export function themeCss(colors: Record<string, string>, options: { scheme: "light" | "dark"; font: string }): string {
  const font = FONT_PATTERN.test(options.font) ? options.font : "system-ui";
  const body = themeVariables(colors)
    .map(([k, v]) => `${k}:${v}`)
    .concat([`color-scheme:${options.scheme}`, `--font-body:${font}, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`])
    .join(";");
  return `:root{${body}}`;
}
