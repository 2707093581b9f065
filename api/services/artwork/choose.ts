// Which artwork an event shows, and at which URLs (issue 28, docs/decisions/037). One decision for every surface
// (cards, the watch page, embeds, share cards): the owner's poster wins, then a frame of the stream, then the
// generated matchup graphic, which every event has. The versions in the URLs hash what each image is drawn from.
import type { ArtworkKind } from "../../contract/artwork";
import type { EventParticipant } from "../../contract/catalogue-types";
import type { Language } from "../../contract/constants";
import { participantLabel, sides } from "../../contract/names";
import type { ChannelBrand } from "./brand";
import type { MatchupInput } from "./matchup-svg";
import { eventArtworkPath } from "./urls";
import { contentVersion } from "./version";

/** What the artwork is drawn from: a wire Event's fields (or the rows they are made of). */
export interface ArtworkSubject {
  id: number;
  name: string;
  event_utc_ts: string;
  time_zone: string;
  category: { name: string } | null;
  participants: readonly Pick<EventParticipant, "side" | "name" | "short_name" | "color" | "images">[];
}

/** The artwork an event may have besides the matchup graphic. `frame`: a picture from its stream (not yet captured). */
export interface ArtworkSources {
  /** The owner's poster (the event's `poster` column). */
  poster: string | null;
  frame?: string | null;
}

export interface EventArtwork {
  kind: ArtworkKind;
  /** The card and poster image (16:9). */
  url: string;
  /** The 1200×630 PNG social networks show (og:image). */
  shareImage: string;
}

/** The matchup graphic's input: away @ home with colours and crests, or the event's name over the channel's colours. */
export function matchupInput(event: ArtworkSubject, lang: Language, brand: Pick<ChannelBrand, "primary" | "secondary">): MatchupInput {
  const s = sides(event);
  const team = (p: ArtworkSubject["participants"][number]) => ({ label: participantLabel(p), color: p.color, logo: p.images.logo ?? null });
  return {
    lang,
    name: event.name,
    sport: event.category?.name ?? null,
    startsAt: event.event_utc_ts,
    timeZone: event.time_zone,
    teams: s ? { away: team(s.away), home: team(s.home) } : null,
    brand: s ? null : { primary: brand.primary, secondary: brand.secondary },
  };
}

/** What the event shows: the owner's poster, else a frame of its stream, else its matchup graphic. */
export function eventArtwork(event: ArtworkSubject, sources: ArtworkSources, lang: Language, brand: ChannelBrand): EventArtwork {
  const input = matchupInput(event, lang, brand);
  const own: { kind: ArtworkKind; url: string } | null = sources.poster
    ? { kind: "poster", url: sources.poster }
    : sources.frame
      ? { kind: "frame", url: sources.frame }
      : null;
  // The share image shows the artwork under the channel's bar with the event's names and date: all of it counts.
  const shareImage = eventArtworkPath(event.id, lang, contentVersion("share", own, input, brand.version), "png");
  if (own) return { ...own, shareImage };
  return { kind: "matchup", url: eventArtworkPath(event.id, lang, contentVersion("matchup", input), "svg"), shareImage };
}
