// Event artwork and share images (issue 28, docs/decisions/037). Pure: the web's meta tags import the sizes.

/**
 * Where an event's `poster` comes from, in the order that wins: the owner's poster, a frame of the stream, the
 * generated matchup graphic (the fallback every event has).
 */
export const ARTWORK_KINDS = ["poster", "frame", "matchup"] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

/** What social networks display as a link's card (og:image): a PNG of this size (Facebook, X and iMessage show no SVG). */
export const SHARE_IMAGE = { width: 1200, height: 630, type: "image/png" } as const;

/** The public path every generated image lives under (api/routes/artwork.ts). */
export const ARTWORK_PATH = "/api/artwork";
