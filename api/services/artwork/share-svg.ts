// Share images (issue 28, docs/decisions/037): what social networks show for a link, 1200×630, composed as SVG and
// rendered to PNG (render-png.ts). An event's artwork, a clip's poster frame, or the channel itself, each over the
// channel's bar (its logo, or its name, in its header's colours). Pure: images come in resolved (data: URIs).
import { SHARE_IMAGE } from "../../contract/artwork";
import type { ChannelBrand } from "./brand";
import { type Box, type ImageSource, type MatchupInput, infoLine, matchupScene, svgDocument } from "./matchup-svg";
import { colour, darken } from "./palette";
import { FONT_FAMILY, escapeXml, fitSize, truncate, wrap } from "./text";

export const SHARE_BOX: Box = { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height };
/** The channel's bar along the bottom. */
const BAR = 100;
const PAD = 48;
const SCENE: Box = { width: SHARE_BOX.width, height: SHARE_BOX.height - BAR };
const LOGO_BOX = { width: 380, height: 52 };

const n = (v: number) => Math.round(v * 10) / 10;

function line(x: number, y: number, size: number, content: string, fill: string, opts: { bold?: boolean; anchor?: "start" | "end" | "middle"; opacity?: number } = {}) {
  return (
    `<text x="${n(x)}" y="${n(y)}" font-family="${FONT_FAMILY}" font-size="${n(size)}" font-weight="${opts.bold ? 700 : 400}" ` +
    `text-anchor="${opts.anchor ?? "start"}" fill="${fill}"${opts.opacity !== undefined ? ` fill-opacity="${opts.opacity}"` : ""}>${escapeXml(content)}</text>`
  );
}

/** The channel's name where its logo would be, as large as fits. */
function nameLine(name: string, y: number, fill: string): string {
  const size = fitSize(name, LOGO_BOX.width, 34, 22, "bold");
  return line(PAD, y + BAR / 2 + size * 0.36, size, truncate(name, LOGO_BOX.width, size, "bold"), fill, { bold: true });
}

/** The channel's bar: its logo (or its name) on the left, `text` on the right, an accent rule in its primary colour. */
function brandBar(brand: ChannelBrand, images: ImageSource, text: string, bold = false): string {
  const y = SHARE_BOX.height - BAR;
  const bg = colour(brand.headerBg, "#0f172a");
  const fg = colour(brand.headerText, "#ffffff");
  const logo = brand.logo ? images(brand.logo) : null;
  const logoPart = logo
    ? `<image x="${PAD}" y="${n(y + (BAR - LOGO_BOX.height) / 2)}" width="${LOGO_BOX.width}" height="${LOGO_BOX.height}" preserveAspectRatio="xMinYMid meet" href="${escapeXml(logo)}"/>`
    : nameLine(brand.name, y, fg);
  const room = SHARE_BOX.width - PAD * 3 - LOGO_BOX.width;
  const size = fitSize(text, room, 30, 22, bold ? "bold" : "regular");
  return (
    `<rect y="${y}" width="${SHARE_BOX.width}" height="${BAR}" fill="${bg}"/>` +
    `<rect y="${y}" width="${SHARE_BOX.width}" height="6" fill="${colour(brand.primary)}"/>` +
    logoPart +
    (text ? line(SHARE_BOX.width - PAD, y + BAR / 2 + size * 0.38, size, truncate(text, room, size, bold ? "bold" : "regular"), fg, { anchor: "end", bold }) : "")
  );
}

/** A picture filling the scene (cropped, never stretched), shaded at the bottom for a title over it. */
function pictureScene(href: string, title: string | null): string {
  const { width: w, height: h } = SCENE;
  const size = title ? fitSize(title, w - PAD * 2, 58, 34, "bold") : 0;
  return (
    `<rect width="${w}" height="${h}" fill="#0b0f19"/>` +
    `<image width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice" href="${escapeXml(href)}"/>` +
    (title
      ? `<rect width="${w}" height="${h}" fill="url(#shade)"/>` +
        line(PAD + 2, h - PAD + 2, size, truncate(title, w - PAD * 2, size, "bold"), "#000", { bold: true, opacity: 0.45 }) +
        line(PAD, h - PAD, size, truncate(title, w - PAD * 2, size, "bold"), "#fff", { bold: true })
      : "")
  );
}

export interface EventShare {
  input: MatchupInput;
  /** The owner's poster or a frame (a URL for `images`), or null for the matchup graphic. */
  picture: string | null;
  /** The event's title over a picture ("Away @ Home", or its name). */
  title: string;
}

/** An event's share image: its artwork over the channel's bar, with the sport and date. */
export function eventShareSvg(share: EventShare, brand: ChannelBrand, images: ImageSource): string {
  const picture = share.picture ? images(share.picture) : null;
  const scene = picture ? pictureScene(picture, share.title) : matchupScene(share.input, SCENE, images, { info: false });
  return svgDocument(SHARE_BOX, `${share.title} — ${brand.name}`, scene + brandBar(brand, images, infoLine(share.input)));
}

/** A clip's share image: its poster frame (16:9, framed over a darkened copy of itself), its title on the bar. */
export function clipShareSvg(clip: { title: string; frame: string | null }, brand: ChannelBrand, images: ImageSource): string {
  const { width: w, height: h } = SCENE;
  const frame = clip.frame ? images(clip.frame) : null;
  const fh = h - 64;
  const fw = (fh * 16) / 9;
  const fx = (w - fw) / 2;
  const fy = 32;
  const play = 54;
  const scene = frame
    ? `<rect width="${w}" height="${h}" fill="#0b0f19"/>` +
      `<image width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice" href="${escapeXml(frame)}" opacity=".55"/>` +
      `<rect width="${w}" height="${h}" fill="#000" fill-opacity=".45"/>` +
      `<rect x="${n(fx - 4)}" y="${n(fy - 4)}" width="${n(fw + 8)}" height="${n(fh + 8)}" rx="14" fill="#fff"/>` +
      `<image x="${n(fx)}" y="${fy}" width="${n(fw)}" height="${fh}" preserveAspectRatio="xMidYMid slice" href="${escapeXml(frame)}"/>` +
      `<circle cx="${w / 2}" cy="${fy + fh / 2}" r="${play}" fill="#000" fill-opacity=".6" stroke="#fff" stroke-width="4"/>` +
      `<polygon points="${n(w / 2 - play * 0.32)},${n(fy + fh / 2 - play * 0.42)} ${n(w / 2 + play * 0.5)},${n(fy + fh / 2)} ${n(w / 2 - play * 0.32)},${n(fy + fh / 2 + play * 0.42)}" fill="#fff"/>`
    : channelScene(brand, clip.title, SCENE);
  return svgDocument(SHARE_BOX, `${clip.title} — ${brand.name}`, scene + brandBar(brand, images, clip.title, true));
}

/** Text over the channel's colours (a clip without a frame). */
function channelScene(brand: ChannelBrand, title: string, box: Box): string {
  const { width: w, height: h } = box;
  const size = 64;
  const lines = wrap(title, w - PAD * 4, size, "bold", 3);
  const top = h / 2 - ((lines.length - 1) * size * 1.2) / 2 + size * 0.35;
  return (
    `<linearGradient id="brand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour(brand.primary)}"/><stop offset="1" stop-color="${darken(colour(brand.secondary), 0.2)}"/></linearGradient>` +
    `<rect width="${w}" height="${h}" fill="url(#brand)"/><rect width="${w}" height="${h}" fill="#000" fill-opacity=".3"/>` +
    lines.map((l, i) => line(w / 2, top + i * size * 1.2, size, l, "#fff", { bold: true, anchor: "middle" })).join("")
  );
}

/** The home page's share image: the channel's logo (or name) large on its header colour, its description, its colours. */
export function channelShareSvg(brand: ChannelBrand, description: string | null, images: ImageSource): string {
  const { width: w, height: h } = SHARE_BOX;
  const bg = colour(brand.headerBg, "#0f172a");
  const fg = colour(brand.headerText, "#ffffff");
  const logo = brand.logo ? images(brand.logo) : null;
  const left = 72;
  const room = 700;
  const nameSize = fitSize(brand.name, room, 72, 36, "bold");
  const headline = logo
    ? `<image x="${left}" y="170" width="${room}" height="140" preserveAspectRatio="xMinYMid meet" href="${escapeXml(logo)}"/>`
    : wrap(brand.name, room, nameSize, "bold", 2)
        .map((l, i) => line(left, 250 + i * nameSize * 1.15, nameSize, l, fg, { bold: true }))
        .join("");
  const lines = description ? wrap(description, room - 40, 30, "regular", 3) : [];
  // The channel's colours as a panel on the right, cut on the same diagonal as the matchup graphic's seam.
  const slab = (x: number, width: number, fill: string) => `<polygon points="${x},0 ${x + width},0 ${x + width - 240},${h} ${x - 240},${h}" fill="${fill}"/>`;
  return svgDocument(
    SHARE_BOX,
    brand.name,
    `<rect width="${w}" height="${h}" fill="${bg}"/>` +
      slab(990, 460, colour(brand.secondary)) +
      slab(940, 36, colour(brand.primary)) +
      headline +
      lines.map((l, i) => line(left, 380 + i * 42, 30, l, fg, { opacity: 0.85 })).join("") +
      `<rect y="${h - 12}" width="${w}" height="12" fill="${colour(brand.primary)}"/>`,
  );
}
