import { z } from "zod";
import { HOUR_MS, LANGUAGES } from "./constants";
import { languageSchema } from "./common";
import { KEY_PLAY_LEAD_S } from "./scores";

const nullableString = z.string().min(1).nullable().catch(null);
/** Text as the tenant files write it: one string, or one per language. */
const localizedName = z.union([z.string().min(1).max(60), z.partialRecord(languageSchema, z.string().min(1).max(60))]);

/** The tags a viewer picks from when cutting a clip (SPEC §5 "Please select tag"): keys the web translates, or named. */
export const CLIP_TAG_KEY = /^[a-z0-9-]{1,32}$/;
/** The player's seek step (SPEC §9 "Seek steps: a configurable number of seconds"): buttons and arrow keys. */
export const SEEK_STEP_S = { min: 5, max: 60, default: 10 } as const;
export const seekStepSchema = z.number().int().min(SEEK_STEP_S.min).max(SEEK_STEP_S.max);
/**
 * How often the player confirms a counted stream (issue 13), told to it in the playback grant. A channel's setting,
 * so a test channel can have its stopped streams noticed in seconds.
 */
export const STREAM_HEARTBEAT_S = { min: 5, max: 300, default: 30 } as const;
/**
 * How long an encoder that dropped may take to come back and continue the same event (issue 26), seconds; after it the
 * event ends and its recording becomes on demand. 0 ends it when the encoder stops.
 */
export const RECONNECT_GRACE_S = { min: 0, max: 1800, default: 300 } as const;
export const DEFAULT_CLIP_TAGS = ["highlight", "goal", "assist", "save", "defense", "funny"];
const clipTagSchema = z.union([z.string().regex(CLIP_TAG_KEY), z.object({ key: z.string().regex(CLIP_TAG_KEY), name: localizedName })]);
export type ClipTagSetting = z.infer<typeof clipTagSchema>;
/** A tag setting's key. */
export const clipTagKey = (tag: ClipTagSetting) => (typeof tag === "string" ? tag : tag.key);
/** A channel's sign-in app at Google or Facebook. The client id is public; the secret comes from the env. */
const oauthClient = z.object({ client_id: z.string().min(1).max(256) }).nullable().catch(null);

/**
 * Channel settings (SPEC §3). Stored one row per key; every key has a default, and a bad stored value falls
 * back to it instead of breaking the channel. The tenant loader validates strictly with the same schema.
 */
export const channelSettingsSchema = z.object({
  language: languageSchema.catch("en").default("en"),
  languages: z.array(languageSchema).min(1).catch([...LANGUAGES]).default([...LANGUAGES]),
  currency: z.enum(["USD", "CAD"]).catch("USD").default("USD"),
  "google-analytics": nullableString.default(null),
  "yare-analytics": nullableString.default(null),
  "auth.remote_auth": z.coerce.number().int().min(0).max(1).catch(0).default(0),
  "auth.google": oauthClient.default(null),
  "auth.facebook": oauthClient.default(null),
  /** Colour scheme of form controls and scrollbars; colours themselves come from color-settings. */
  theme: z.enum(["light", "dark"]).catch("light").default("light"),
  title: nullableString.default(null),
  description: nullableString.default(null),
  logo: nullableString.default(null),
  favicon: nullableString.default(null),
  font: z.string().min(1).catch("system-ui").default("system-ui"),
  "prerolls.suppress_ms": z.number().int().min(0).catch(HOUR_MS).default(HOUR_MS),
  /** Seconds of a preroll before it can be skipped. */
  "prerolls.skip_after_s": z.number().int().min(0).max(60).catch(5).default(5),
  /**
   * Origins that may frame /watch_embed/{id} (CSP frame-ancestors host sources, e.g. "https://partner.example" or
   * "http://partner.localhost:*"). Nothing else on the site is frameable.
   */
  "embed.allowed_origins": z
    .array(z.string().regex(/^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/))
    .max(50)
    .catch([])
    .default([]),
  contacts: z
    .object({ email: z.string().nullable().default(null), phone: z.string().nullable().default(null), address: z.string().nullable().default(null) })
    .catch({ email: null, phone: null, address: null })
    .default({ email: null, phone: null, address: null }),
  /** ISO 3166-1 alpha-2 codes where the channel's content may not be watched. */
  "geo.blocked_countries": z.array(z.string().regex(/^[A-Z]{2}$/)).catch([]).default([]),
  "player.seek_step_s": seekStepSchema.catch(SEEK_STEP_S.default).default(SEEK_STEP_S.default),
  "streams.heartbeat_s": z
    .number()
    .int()
    .min(STREAM_HEARTBEAT_S.min)
    .max(STREAM_HEARTBEAT_S.max)
    .catch(STREAM_HEARTBEAT_S.default)
    .default(STREAM_HEARTBEAT_S.default),
  "live.reconnect_grace_s": z
    .number()
    .int()
    .min(RECONNECT_GRACE_S.min)
    .max(RECONNECT_GRACE_S.max)
    .catch(RECONNECT_GRACE_S.default)
    .default(RECONNECT_GRACE_S.default),
  /** Key plays (issue 27): seconds before a key play's tap that its marker and clip start (the play happened before). */
  "scores.key_play_lead_s": z.number().int().min(KEY_PLAY_LEAD_S.min).max(KEY_PLAY_LEAD_S.max).catch(KEY_PLAY_LEAD_S.default).default(KEY_PLAY_LEAD_S.default),
  "clips.tags": z.array(clipTagSchema).min(1).max(30).catch([...DEFAULT_CLIP_TAGS]).default([...DEFAULT_CLIP_TAGS]),
  social: z
    .array(z.object({ network: z.string(), url: z.url() }))
    .catch([])
    .default([]),
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;
/** Keys that may be stored. The tenant loader refuses others, so typos do not pass silently. */
export const SETTING_KEYS = Object.keys(channelSettingsSchema.shape) as (keyof ChannelSettings)[];
