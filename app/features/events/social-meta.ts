// OpenGraph and Twitter cards for events, VOD items and shared clips, on top of the route's title and description.
import type { MetaDescriptor, MetaFunction } from "@remix-run/cloudflare";
import { pageMeta, type PageMeta } from "~/lib/meta";
import type { RootData } from "~/root";

/** A card's picture: a PNG or JPEG (social networks show no SVG), with its size when known (issue 28). */
export interface SocialImage {
  /** Absolute, on the channel's host. */
  url: string;
  width?: number;
  height?: number;
  type?: string;
  alt?: string;
}

export interface SocialMeta {
  /** Absolute URLs on the channel's host. */
  url: string;
  image: SocialImage | null;
  type: "website" | "video.other";
  /** A playable file (a shared clip): its URL must outlive the card, so a stable address, not a signed one. */
  video?: { url: string; type: string; duration?: number } | null;
}

export function socialMeta(social: SocialMeta | undefined, title: string | undefined, siteName: string | undefined): MetaDescriptor[] {
  if (!social) return [];
  const out: MetaDescriptor[] = [
    { property: "og:type", content: social.type },
    { property: "og:url", content: social.url },
    { tagName: "link", rel: "canonical", href: social.url },
    { name: "twitter:card", content: social.image ? "summary_large_image" : "summary" },
  ];
  if (siteName) out.push({ property: "og:site_name", content: siteName });
  if (title) out.push({ name: "twitter:title", content: title });
  const image = social.image;
  if (image) {
    out.push({ property: "og:image", content: image.url });
    if (image.url.startsWith("https:")) out.push({ property: "og:image:secure_url", content: image.url });
    if (image.type) out.push({ property: "og:image:type", content: image.type });
    if (image.width && image.height) out.push({ property: "og:image:width", content: String(image.width) }, { property: "og:image:height", content: String(image.height) });
    if (image.alt) out.push({ property: "og:image:alt", content: image.alt }, { name: "twitter:image:alt", content: image.alt });
    out.push({ name: "twitter:image", content: image.url });
  }
  if (social.video) {
    out.push({ property: "og:video", content: social.video.url }, { property: "og:video:type", content: social.video.type });
    if (social.video.url.startsWith("https:")) out.push({ property: "og:video:secure_url", content: social.video.url });
    if (social.video.duration) out.push({ property: "video:duration", content: String(Math.max(1, Math.round(social.video.duration))) });
  }
  return out;
}

/** metaFromLoader for routes whose loader also returns `social`. */
export const metaWithSocial: MetaFunction = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const d = data as { meta?: PageMeta; social?: SocialMeta } | undefined;
  const base = pageMeta(d?.meta, root?.siteName);
  const title = base.find((m): m is { title: string } => "title" in m)?.title;
  const description = d?.meta?.description;
  const twitterDescription: MetaDescriptor[] = description ? [{ name: "twitter:description", content: description }] : [];
  return [...base, ...socialMeta(d?.social, title, root?.siteName), ...twitterDescription];
};
