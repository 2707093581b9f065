// The footer's social networks as icons (issue 28). The glyphs are a static sprite, public/icons/social.svg (Simple
// Icons, CC0), cached by the browser and not in any script; a network without one there shows its name instead.
export const SOCIAL_SPRITE = "/icons/social.svg";

/** The networks the sprite draws, by the key a channel's setting uses, with the name people know them by. */
export const SOCIAL_NETWORKS = { facebook: "Facebook", instagram: "Instagram", x: "X", youtube: "YouTube", tiktok: "TikTok" } as const;

export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

/** The network a channel's setting names (any case; "twitter" is X now), or null for one the sprite does not draw. */
export function socialNetwork(network: string): SocialNetwork | null {
  const key = network.trim().toLowerCase();
  const known = key === "twitter" ? "x" : key;
  return Object.hasOwn(SOCIAL_NETWORKS, known) ? (known as SocialNetwork) : null;
}
