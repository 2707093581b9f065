// Text for the artwork SVGs: XML escaping, and widths measured with the bundled fonts' advances (font-data.ts), so a
// name is sized or wrapped to fit before anything draws it. Browsers draw the card SVGs with their own fonts; DejaVu
// Sans is among the widest sans faces, so what fits in its measure fits in theirs.
import { BOLD_ADVANCES, REGULAR_ADVANCES } from "./font-data";

export type Face = "regular" | "bold";

/** The family the SVGs ask for: the bundled face first (resvg has only it), then faces of about its width. */
export const FONT_FAMILY = "'DejaVu Sans', Verdana, 'Segoe UI', Arial, sans-serif";

/** Any text or attribute value put into the SVG. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

const ADVANCES: Record<Face, Record<string, number>> = { regular: REGULAR_ADVANCES, bold: BOLD_ADVANCES };
/** A character the fonts lack is taken as wide as a capital W, so it is never under-measured. */
const UNKNOWN_EM = 1;

/** Width of `text` at `size` px, with `tracking` px between letters. */
export function measure(text: string, size: number, face: Face, tracking = 0): number {
  const table = ADVANCES[face];
  let em = 0;
  let n = 0;
  for (const ch of text) {
    em += table[ch] ?? UNKNOWN_EM;
    n++;
  }
  return em * size + Math.max(0, n - 1) * tracking;
}

/** The largest size up to `max` (and no smaller than `min`) at which `text` fits in `width`. */
export function fitSize(text: string, width: number, max: number, min: number, face: Face, trackingEm = 0): number {
  const atOne = measure(text, 1, face) + Math.max(0, [...text].length - 1) * trackingEm;
  if (atOne <= 0) return max;
  return Math.max(min, Math.min(max, Math.floor(width / atOne)));
}

/** Cuts `text` with an ellipsis so it fits in `width` at `size`. */
export function truncate(text: string, width: number, size: number, face: Face): string {
  if (measure(text, size, face) <= width) return text;
  const chars = [...text];
  while (chars.length && measure(`${chars.join("").trimEnd()}…`, size, face) > width) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/**
 * Breaks `text` into at most `maxLines` lines of `width` at `size`, word by word; the last line is cut with an
 * ellipsis when words remain, and a word longer than a line is cut too.
 */
export function wrap(text: string, width: number, size: number, face: Face, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (measure(next, size, face) <= width || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = words[i];
    if (lines.length === maxLines - 1) {
      line = words.slice(i).join(" ");
      break;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => truncate(l, width, size, face));
}
