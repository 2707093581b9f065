// Wire shapes and constants of the catalogue calls (SPEC §7 "Events", "Participants", "VOD", "Geo"). No zod here:
// the browser bundles of the list pages import these, and the query schemas live in catalogue.ts.
import type { BillingPeriod, Currency } from "./commerce-types";
import type { ArtworkKind } from "./artwork";
import type { EventScore } from "./scores";

export const STREAM_STATUSES = ["live", "upcoming", "finished"] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
export const ACCESS_TYPES = ["free", "register", "paid", "ppv"] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
export const GENDERS = ["men", "women", "not_identified"] as const;
export type Gender = (typeof GENDERS)[number];

export const EVENTS_DEFAULT_LIMIT = 20;
export const EVENTS_MAX_LIMIT = 100;
export const HOMEPAGE_SECTION_LIMIT = 8;
/** How many events each rail of the watch page holds (issue 28): up next, and more from the teams. */
export const RELATED_RAIL_LIMIT = 8;

/** A list answer: the page and where it sits in the whole. */
export interface ListResponse<T> {
  data: T[];
  meta: { total: number; offset: number; limit: number };
}

export interface Images {
  logo?: string;
  [kind: string]: string | undefined;
}

export interface EventCategory {
  id: number;
  alias: string;
  name: string;
  parent_id: number;
  image: string | null;
  children: EventCategory[];
}

export interface ParticipantGroup {
  id: number;
  alias: string;
  name: string;
  short_name: string | null;
  images: Images;
  color: string | null;
  city: string | null;
  state: string | null;
  properties: Record<string, string>;
}

export interface ParticipantGroupProperty {
  id: number;
  key: string;
  name: string;
  values: string[];
}

export interface Participant {
  id: number;
  alias: string;
  name: string;
  short_name: string | null;
  images: Images;
  color: string | null;
  group_id: number | null;
  parent_id: number | null;
  event_category_id: number | null;
  /** SPEC: properties (gender, sport). */
  properties: { gender: Gender; sport: string | null } & Record<string, string | null>;
  children: Participant[];
}

export interface Location {
  id: number;
  name: string;
  address: string | null;
  city: string;
  state: string;
  country: string;
}

export interface EventParticipant {
  id: number;
  alias: string;
  name: string;
  short_name: string | null;
  images: Images;
  color: string | null;
  side: "home" | "away";
  group: { id: number; alias: string; name: string } | null;
}

/**
 * What it takes this viewer to watch an event they cannot watch yet (issue 28, "honest paywalls"), decided by the API:
 * `account` for a "register" event and a signed-out visitor (free once signed in); `event` (its own ticket) or `pass`
 * (a pass, subscription or bundle) for a paid or pay-per-view one: the first of GET /simulate's options, the cheapest
 * way to watch today. null when the viewer may watch, when nothing is sold for it, or when it is blocked in their country.
 */
export type EventOffer =
  | { kind: "account" }
  | {
      kind: "event" | "pass";
      product_id: number;
      name: string;
      /** Major units, the first charge (service fee included). */
      price: number;
      currency: Currency;
      /** A subscription's billing period; null for a one-off purchase. */
      period: BillingPeriod | null;
      /** A free trial this viewer may start (0 when none). */
      trial_days: number;
    };

export interface Event {
  id: number;
  /** The event's own name, or the "<away> @ <home>" its definition was given without one. */
  name: string;
  /** The event's own name ("College Classic"); null when `name` is the generated matchup (issue 28). */
  own_name: string | null;
  description: string | null;
  type: "paid" | "free";
  access_type: AccessType;
  /** Whether the viewer (the Bearer user, or anonymous) may watch it now: access rules, orders and geo. */
  has_access: boolean;
  /** The cheapest way for this viewer to watch when has_access is false (EventOffer). */
  offer: EventOffer | null;
  /** ISO 8601, UTC. */
  event_utc_ts: string;
  end_utc_ts: string;
  /** IANA zone of the venue, e.g. "America/Chicago". */
  time_zone: string;
  stream_status: StreamStatus;
  gender: Gender;
  /**
   * The event's artwork (16:9, issue 28): the owner's poster, else a frame of its stream, else its generated matchup
   * graphic (an SVG in the teams' colours), so every event has one; `poster_kind` says which.
   */
  poster: string;
  poster_kind: ArtworkKind;
  /** A 1200×630 PNG of the artwork with the channel's branding: what a shared link's card shows (og:image). */
  share_image: string;
  location_id: number | null;
  location: Location | null;
  event_category_id: number | null;
  category: { id: number; alias: string; name: string } | null;
  home_team_id: number | null;
  /** Away first, then home (SPEC: two participants show as away @ home). */
  participants: EventParticipant[];
  /** The game a scorekeeper keeps (issue 27), as its last tap left it; null when nobody keeps one. */
  score: EventScore | null;
}

/**
 * GET /events/{id}/related (issue 28), for the watch page's rails, the event itself left out: `up_next` is the
 * channel's next events (live first, then upcoming, soonest first); `more` the games of the event's teams and of
 * their schools' other teams (live and upcoming soonest first, then the latest on demand).
 */
export interface RelatedEvents {
  up_next: Event[];
  more: Event[];
}

export interface EventsForHomepage {
  live: Event[];
  upcoming: Event[];
  recent: Event[];
}

export interface VodAsset {
  type: "image" | "preview";
  path: string;
}

export interface VodItem {
  id: number;
  title: string;
  description: string | null;
  /** ISO 8601. */
  date: string;
  duration: number | null;
  category_id: number | null;
  event_id: number | null;
  requires_vod_media: boolean;
  assets: VodAsset[];
}

export interface VodCategory {
  id: number;
  alias: string;
  name: string;
  parent_id: number | null;
}

export interface VodRail {
  id: number;
  title: string;
  vod_media_items: VodItem[];
}

export interface Geo {
  country: string | null;
  country_code: string | null;
  ip: string | null;
  is_geo_blocked: boolean;
}

