// Content versions for artwork URLs: a short hash of everything an image is drawn from, so an edit (a team's colour,
// a crest, the start time, the channel's logo) gives a new URL and an unchanged image keeps its cached one.

/**
 * Bumped when the drawing itself changes (layout, fonts): every URL changes with it. Part of every version.
 */
export const ARTWORK_RENDERER = "a1";

/** A version is this many base-36 characters. */
export const VERSION_PATTERN = /^[0-9a-z]{6,16}$/;

/** cyrb53: a fast, well-mixed 53-bit string hash (not cryptographic: it names content, it guards nothing). */
function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The version of an image drawn from `parts` (any JSON value). */
export function contentVersion(...parts: unknown[]): string {
  return cyrb53(JSON.stringify([ARTWORK_RENDERER, ...parts])).toString(36).padStart(11, "0");
}
