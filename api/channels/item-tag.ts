// A short tag of one item of a definition's list section (issue 16), so an editor can say which copy of the item it
// changed: a save or removal made on an older copy of the channel still goes through when that item is as the
// editor read it (someone else changed another item meanwhile), and is refused (409) when the item itself changed.
// The tag is a fingerprint of the item's canonical JSON (keys sorted), not a secret: two 32-bit FNV-1a-style hashes.

import { ABSENT_ITEM } from "../contract/console";

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Whether two values of a definition are the same (keys in any order; an undefined property counts as absent). */
export const sameDefinitionValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

export function itemTag(item: unknown): string {
  if (item === undefined) return ABSENT_ITEM;
  const text = canonical(item);
  // FNV-1a over UTF-16 code units, and a second pass with another multiplier: 64 bits in all.
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `${h1.toString(36).padStart(7, "0")}${h2.toString(36).padStart(7, "0")}`;
}
