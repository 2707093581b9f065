// Wire shapes and constants of the catalogue calls (SPEC §7 "Events", "Participants", "VOD", "Geo"). No zod here:
// the browser bundles of the list pages import these, and the query schemas live in catalogue.ts.
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

export interface Event {
  id: number;
  name: string;
  description: string | null;
  type: "paid" | "free";
  access_type: AccessType;
  /** Whether the viewer (the Bearer user, or anonymous) may watch it now: access rules, orders and geo. */
  has_access: boolean;
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

