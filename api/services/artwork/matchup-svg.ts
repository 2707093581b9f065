// The matchup graphic (issue 28, docs/decisions/037): an event's fallback artwork, drawn as SVG from its data alone.
// Two sides: the teams' colours split on a diagonal, both crests, their short names (away @ home, SPEC §3), the sport
// and the date in the event's zone and the viewer's language. One side or none: the event's own name over the
// channel's colours. Pure: images come in resolved (data: URIs), so a browser (<img>) and resvg draw the same file.
import type { Language } from "../../contract/constants";
import { isKnownZone } from "../../contract/time-zones";
import { colour, darken, underWhite } from "./palette";
import { FONT_FAMILY, escapeXml, fitSize, truncate, wrap } from "./text";

export interface ArtworkTeam {
  /** The short name a card shows (participantLabel). */
  label: string;
  color: string | null;
  /** The crest's URL as the catalogue gives it, or null. */
  logo: string | null;
}

/** Everything the graphic shows: its version is a hash of this (choose.ts), so an edit to any of it changes the URL. */
export interface MatchupInput {
  lang: Language;
  /** The event's own name (shown when it is not two-sided). */
  name: string;
  sport: string | null;
  /** ISO 8601, UTC. */
  startsAt: string;
  timeZone: string;
  teams: { away: ArtworkTeam; home: ArtworkTeam } | null;
  /** The channel's colours, behind an event that is not two-sided (null for a two-sided one, which does not use them). */
  brand: { primary: string; secondary: string } | null;
}

/** An image URL (a crest, a logo) as the SVG embeds it (a data: URI), or null when it cannot be had. */
export type ImageSource = (url: string) => string | null;

export interface Box {
  width: number;
  height: number;
}

/** The card and poster size (16:9, as the cards' and the watch page's <img> are laid out). */
export const MATCHUP_SIZE: Box = { width: 1280, height: 720 };

/** "Thu, Mar 5 · 7:00 PM PST" / "jeu. 5 mars · 19:00 UTC−8": the start in the event's zone, in `lang`. */
export function artworkDate(iso: string, timeZone: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const zone = isKnownZone(timeZone) ? timeZone : "UTC";
  const day = new Intl.DateTimeFormat(lang, { weekday: "short", month: "short", day: "numeric", timeZone: zone }).format(date);
  const time = new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: zone }).format(date);
  return `${day} · ${time}`;
}

/** The line under the names: sport and date, upper-cased in the event's language. */
export function infoLine(input: Pick<MatchupInput, "sport" | "startsAt" | "timeZone" | "lang">): string {
  return [input.sport, artworkDate(input.startsAt, input.timeZone, input.lang)].filter(Boolean).join("  ·  ").toLocaleUpperCase(input.lang);
}

const n = (v: number) => Math.round(v * 10) / 10;

/**
 * Shared definitions: the shade that keeps text readable. No filters or patterns: resvg (WebAssembly) spends most of a
 * render on them (2.1 s against 0.3 s for this scene), so shadows are offset copies and the texture is a few bands.
 */
function defs(): string {
  return (
    `<defs>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".18"/><stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".72"/></linearGradient>` +
    `</defs>`
  );
}

/** Diagonal bands of light across `box`: the texture of a broadcast graphic. */
function bands(box: Box): string {
  const { width: w, height: h } = box;
  const lean = h * 0.45;
  const out: string[] = [];
  for (let i = 0, x = -lean; x < w; i++, x += w / 7) {
    const band = w / (i % 2 ? 26 : 15);
    out.push(`<polygon points="${n(x + lean)},0 ${n(x + lean + band)},0 ${n(x + band)},${h} ${n(x)},${h}" fill="#fff" fill-opacity="${i % 3 ? 0.045 : 0.07}"/>`);
  }
  return out.join("");
}

function text(x: number, y: number, size: number, content: string, opts: { bold?: boolean; anchor?: "start" | "middle" | "end"; fill?: string; opacity?: number; tracking?: number; shadow?: boolean } = {}): string {
  const attrs = (dx: number, fill: string, opacity: number | undefined) =>
    [
      `x="${n(x + dx)}"`,
      `y="${n(y + dx)}"`,
      `font-family="${FONT_FAMILY}"`,
      `font-size="${n(size)}"`,
      `font-weight="${opts.bold ? 700 : 400}"`,
      `text-anchor="${opts.anchor ?? "middle"}"`,
      `fill="${fill}"`,
      opacity !== undefined ? `fill-opacity="${opacity}"` : "",
      opts.tracking ? `letter-spacing="${n(opts.tracking)}"` : "",
    ]
      .filter(Boolean)
      .join(" ");
  const body = escapeXml(content);
  const shadow = opts.shadow ? `<text ${attrs(Math.max(1, size / 24), "#000", 0.45)}>${body}</text>` : "";
  return `${shadow}<text ${attrs(0, opts.fill ?? "#fff", opts.opacity)}>${body}</text>`;
}

/** Initials for a team without a crest image ("Saint-Laurent" → "SL"). */
export function initials(label: string): string {
  const words = label.split(/[\s\-–]+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words.slice(0, 2).map((w) => [...w][0].toLocaleUpperCase()).join("") || "?";
}

/** A crest, kept square and whole (never stretched), or the team's initials on its colour when it has no image. */
function crest(team: ArtworkTeam, cx: number, cy: number, size: number, images: ImageSource): string {
  const plate = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size * 0.62)}" fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".35" stroke-width="${n(size / 90)}"/>`;
  const href = team.logo ? images(team.logo) : null;
  if (href) {
    return `${plate}<image x="${n(cx - size / 2)}" y="${n(cy - size / 2)}" width="${n(size)}" height="${n(size)}" preserveAspectRatio="xMidYMid meet" href="${escapeXml(href)}"/>`;
  }
  const r = size * 0.46;
  const letters = initials(team.label);
  return (
    plate +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${darken(underWhite(colour(team.color)), 0.15)}" stroke="#fff" stroke-width="${n(size / 40)}"/>` +
    text(cx, cy + size * 0.13, fitSize(letters, r * 1.3, size * 0.36, 10, "bold"), letters, { bold: true })
  );
}

/** The two-sided scene inside `box`. */
function twoSided(input: MatchupInput, teams: NonNullable<MatchupInput["teams"]>, box: Box, images: ImageSource, withInfo: boolean): string {
  const { width: w, height: h } = box;
  const away = underWhite(colour(teams.away.color));
  const home = underWhite(colour(teams.home.color));
  // The seam leans right, as the "@" reads: away on the left, home on the right.
  const lean = h * 0.14;
  // The seam stops above the sport and date line, which reads across both colours.
  const seamEnd = h * 0.84;
  const seam = `${n(w / 2 + lean)},0 ${n(w / 2 + lean - (2 * lean * seamEnd) / h)},${n(seamEnd)}`;
  // Sized for a card (a fifth of this width): names, the sport and the date stay readable there.
  const crestSize = Math.min(h * 0.44, w * 0.22);
  const crestY = h * 0.38;
  const nameWidth = w * 0.42;
  const nameY = h * 0.79;
  const labels = [teams.away.label, teams.home.label].map((l) => l.toLocaleUpperCase(input.lang));
  // Both names at one size, the size the longer one fits at.
  const nameSize = Math.min(...labels.map((l) => fitSize(l, nameWidth, h * 0.1, h * 0.05, "bold")));
  const info = withInfo ? infoLine(input) : "";
  const infoSize = fitSize(info, w * 0.92, h * 0.058, h * 0.04, "regular");
  const disc = h * 0.075;
  return (
    `<rect width="${w}" height="${h}" fill="${away}"/>` +
    `<polygon points="${n(w / 2 + lean)},0 ${w},0 ${w},${h} ${n(w / 2 - lean)},${h}" fill="${home}"/>` +
    bands(box) +
    `<rect width="${w}" height="${h}" fill="url(#shade)"/>` +
    `<polyline points="${seam}" stroke="#fff" stroke-opacity=".9" stroke-width="${n(h / 90)}"/>` +
    crest(teams.away, w * 0.25, crestY, crestSize, images) +
    crest(teams.home, w * 0.75, crestY, crestSize, images) +
    `<circle cx="${n(w / 2)}" cy="${n(crestY)}" r="${n(disc)}" fill="#0b0f19" fill-opacity=".88" stroke="#fff" stroke-width="${n(h / 180)}"/>` +
    text(w / 2, crestY + disc * 0.36, disc, "@", { bold: true }) +
    text(w * 0.25, nameY, nameSize, labels[0], { bold: true, shadow: true }) +
    text(w * 0.75, nameY, nameSize, labels[1], { bold: true, shadow: true }) +
    (info ? text(w / 2, h * 0.935, infoSize, truncate(info, w * 0.92, infoSize, "regular"), { shadow: true }) : "")
  );
}

/** An event that is not two-sided: its own name, wrapped, over the channel's colours. */
function oneSided(input: MatchupInput, box: Box, withInfo: boolean): string {
  const { width: w, height: h } = box;
  const from = underWhite(colour(input.brand?.primary));
  const to = darken(underWhite(colour(input.brand?.secondary)), 0.1);
  const title = input.name.trim() || "—";
  const maxWidth = w * 0.84;
  // The largest size at which the name fits in three lines.
  let size = h * 0.13;
  let lines = wrap(title, maxWidth, size, "bold", 3);
  const cut = (ls: string[]) => ls.some((l) => l.endsWith("…")) && !title.endsWith("…");
  while (size > h * 0.06 && cut(lines)) {
    size *= 0.9;
    lines = wrap(title, maxWidth, size, "bold", 3);
  }
  const lineHeight = size * 1.18;
  const top = h * 0.5 - ((lines.length - 1) * lineHeight) / 2 + size * 0.3;
  const info = withInfo ? infoLine(input) : "";
  const infoSize = fitSize(info, w * 0.92, h * 0.058, h * 0.04, "regular");
  return (
    `<linearGradient id="brand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<rect width="${w}" height="${h}" fill="url(#brand)"/>` +
    `<polygon points="${n(w * 0.62)},0 ${w},0 ${w},${h} ${n(w * 0.38)},${h}" fill="#000" fill-opacity=".12"/>` +
    bands(box) +
    `<rect width="${w}" height="${h}" fill="url(#shade)"/>` +
    lines.map((line, i) => text(w / 2, top + i * lineHeight, size, line, { bold: true, shadow: true })).join("") +
    (info ? text(w / 2, h * 0.935, infoSize, truncate(info, w * 0.92, infoSize, "regular"), { shadow: true }) : "")
  );
}

/** The scene alone, for a larger composition (share-svg.ts, inside `svgDocument`); `info: false` leaves out the sport and date line. */
export function matchupScene(input: MatchupInput, box: Box, images: ImageSource, opts: { info?: boolean } = {}): string {
  const withInfo = opts.info ?? true;
  return input.teams ? twoSided(input, input.teams, box, images, withInfo) : oneSided(input, box, withInfo);
}

/** A standalone SVG document of `box`, with its accessible name. */
export function svgDocument(box: Box, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box.width} ${box.height}" width="${box.width}" height="${box.height}" role="img">` +
    `<title>${escapeXml(title)}</title>${defs()}${body}</svg>`
  );
}

/** The matchup graphic as a card and poster SVG (1280×720). */
export function matchupSvg(input: MatchupInput, images: ImageSource): string {
  const title = input.teams ? `${input.teams.away.label} @ ${input.teams.home.label}` : input.name;
  return svgDocument(MATCHUP_SIZE, [title, infoLine(input)].filter(Boolean).join(" — "), matchupScene(input, MATCHUP_SIZE, images));
}
