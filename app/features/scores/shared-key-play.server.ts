// The share page of a key play's clip (issue 27): which game it is from, with a link to the game's watch page, what
// happened in words, and the game's other key plays whose clips are ready, each linking to its own share page. The
// list is the event's public key plays (asked anonymously: an owner's hidden ones are not on a public page).
import type { Event } from "@api/contract/catalogue";
import type { KeyPlay } from "@api/contract/scores";
import type { TFunction } from "i18next";
import { matchup, participantLabel, sides } from "~/lib/format";
import type { ReadyTenant } from "~/server/tenant.server";
import { keyPlayText } from "./key-play-text";

export interface SharedKeyPlay {
  /** This key play in words; null when the event's list no longer names it. */
  text: string | null;
  game: { matchup: string; href: string };
  /** The game's other key plays with a ready clip, in game order. */
  others: { id: string; text: string; href: string }[];
}

/** The event's public key plays; none when they cannot be read (the page still plays its clip). */
export async function gameKeyPlays(tenant: ReadyTenant, eventId: number): Promise<KeyPlay[]> {
  try {
    return (await tenant.scores.withUser(null).keyPlays(eventId)).key_plays;
  } catch (error) {
    console.error("share: key plays not loaded", error instanceof Error ? error.message : String(error));
    return [];
  }
}

export function sharedKeyPlay(t: TFunction, event: Event, tapId: string, keyPlays: readonly KeyPlay[]): SharedKeyPlay {
  const s = sides(event);
  const names = { home: s ? participantLabel(s.home) : t("scores:card.home"), away: s ? participantLabel(s.away) : t("scores:card.away") };
  const words = (k: KeyPlay) => keyPlayText((key, options) => t(`scores:${key}`, options), names, k);
  const self = keyPlays.find((k) => k.id === tapId);
  return {
    text: self ? words(self) : null,
    game: { matchup: matchup(event), href: `/watch/${event.id}` },
    others: keyPlays.flatMap((k) => (k.id !== tapId && k.clip?.share_path ? [{ id: k.id, text: words(k), href: k.clip.share_path }] : [])),
  };
}
