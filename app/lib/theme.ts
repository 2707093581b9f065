// Colour settings → CSS custom properties (DESIGN "Theming"). Every colour gets its value, its RGB channels
// (`--color-x-rgb: r g b`, for `rgb(var(--color-x-rgb) / .5)`) and explicit alpha steps `--color-x-a10…a90`.
import { COLOR_KEYS, DEFAULT_COLORS, parseHexColor } from "@api/contract/colors";

export { COLOR_KEYS, DEFAULT_COLORS, parseHexColor, type ColorKey } from "@api/contract/colors";

export const ALPHA_STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90] as const;

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
