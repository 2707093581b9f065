// Game day (issue 27): a scorekeeper's taps, and the score, period, clock and key plays they make. The web sends taps
// and shows the states the API computes (api/services/scores/rules.ts); it never restates a sport's rules.
import { z } from "zod";
import type { EventParticipant } from "./catalogue-types";
import type { ClipStatus, SignedUrl } from "./clips";
import { languageSchema } from "./common";

/** The sports whose scoring the product knows. A channel's sport names one (`scoring`), or is one by its alias. */
export const SCORING_SPORTS = ["basketball", "football", "soccer", "hockey", "volleyball"] as const;
export type ScoringSport = (typeof SCORING_SPORTS)[number];

/** The scoring plays of each sport, each with the points it gives (the buttons of /score/{event}). */
export const SCORING_PLAYS = {
  basketball: { free_throw: 1, field_goal: 2, three: 3 },
  football: { touchdown: 6, field_goal: 3, extra_point: 1, two_point: 2, safety: 2 },
  soccer: { goal: 1 },
  hockey: { goal: 1 },
  volleyball: { point: 1 },
} as const satisfies Record<ScoringSport, Record<string, number>>;
export type ScoringPlay = { [S in ScoringSport]: keyof (typeof SCORING_PLAYS)[S] }[ScoringSport];

export const SIDES = ["home", "away"] as const;
export type Side = (typeof SIDES)[number];

/** The refusals, word for word (the score page shows each in the page's language, app/locales/<lang>/scores.json). */
export const SCORE_MESSAGES = {
  unknownPlay: "This play does not score in this sport.",
  belowZero: "A score cannot go below zero.",
  pastLastPeriod: "The game has no period after this one.",
  final: "The game is final. Reopen it to change the score.",
  notFinal: "The game is not final.",
  noClock: "This sport is played without a clock.",
  clockRunning: "The clock is already running.",
  clockStopped: "The clock is already stopped.",
  clockTooLong: "The clock cannot be set past the period's length.",
  nothingToUndo: "There is no tap to undo.",
  alreadyUndone: "This tap was already undone.",
  setNotWon: "A set is won by the side with more points: play on.",
  matchDecided: "The match is decided: no set is left to play.",
  noSport: "This event's sport has no scoring.",
  undoUndo: "An undo cannot be undone: tap the play again.",
  notScorekeeper: "Only the channel's owner or a scorekeeper of this event can keep score.",
  signInToKeepScore: "Sign in to keep score.",
} as const;
export type ScoreMessage = (typeof SCORE_MESSAGES)[keyof typeof SCORE_MESSAGES];

/** A key play's short note and a player's number, as the scorekeeper types them. */
export const KEY_PLAY_NOTE_MAX = 140;
export const PLAYER_NUMBER = /^[0-9]{1,3}$/;

const side = z.enum(SIDES);

/** What one tap does. `undo` names the tap it takes back (the page knows its own last tap, online or not). */
export const tapActionSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("score"), side, play: z.string().min(1).max(32) }),
  /** A correction of a side's score by a few points, up or down (a basket credited to the wrong side). */
  z.strictObject({ kind: z.literal("adjust"), side, points: z.number().int().min(-9).max(9).refine((n) => n !== 0) }),
  /** The next period (a set, in volleyball, goes to the side with more points). A mistaken one is undone. */
  z.strictObject({ kind: z.literal("period") }),
  z.strictObject({ kind: z.literal("clock"), action: z.enum(["start", "stop"]) }),
  /** Sets the clock's reading, in ms: the time left (a clock that counts down) or played (one that counts up). */
  z.strictObject({ kind: z.literal("clock_set"), ms: z.number().int().min(0).max(24 * 3600_000) }),
  z.strictObject({
    kind: z.literal("key_play"),
    side: side.optional(),
    player: z.string().trim().regex(PLAYER_NUMBER).optional(),
    note: z.string().trim().max(KEY_PLAY_NOTE_MAX).optional(),
  }),
  z.strictObject({ kind: z.literal("final") }),
  z.strictObject({ kind: z.literal("reopen") }),
  z.strictObject({ kind: z.literal("undo"), target: z.uuid() }),
]);
export type TapAction = z.output<typeof tapActionSchema>;

/** A tap as the scorekeeper's page sends it: its own id (a resend is not counted twice) and the time it was tapped. */
export const tapSchema = z.strictObject({
  id: z.uuid(),
  /** When the scorekeeper tapped, ms since the epoch (a tap queued offline keeps its own time). */
  at: z.number().int().positive(),
  action: tapActionSchema,
});
export type Tap = z.output<typeof tapSchema>;

export { clockReading, type GameClock } from "./score-clock";
import type { GameClock } from "./score-clock";

export interface ScoreState {
  sport: ScoringSport;
  home: number;
  away: number;
  /** 1 is the first period (quarter, half, period or set). */
  period: number;
  /** 0 in regulation; past it, which overtime (extra-time period) this is. */
  overtime: number;
  /** Volleyball: sets won (`home`/`away` are the current set's points). */
  sets: { home: number; away: number } | null;
  clock: GameClock | null;
  final: boolean;
}

/**
 * The game as the catalogue's events carry it (`Event.score`): the state without the clock, which only a page that
 * follows the live channel can tick. Kept per event when taps are stored, so lists join it (event_scores).
 */
export type EventScore = Pick<ScoreState, "sport" | "home" | "away" | "period" | "overtime" | "sets" | "final">;

/** POST /events/{id}/score/taps: a scorekeeper's taps, in the order they were made (a queue sends up to 50 at once). */
export const TAPS_MAX = 50;
/**
 * A phone whose clock is off by more than this (ms) has its taps' times shifted into the server's: the batch says when
 * it was sent by the phone's clock (`sent_at`), and the difference from the server's clock on arrival is the phone's
 * offset, network time included (under a second), which is why a smaller difference is left alone.
 */
export const TAP_CLOCK_TOLERANCE_MS = 1000;
export const tapsBodySchema = z.object({
  taps: z.array(tapSchema).min(1).max(TAPS_MAX),
  /** The phone's clock when it sent the batch, ms since the epoch (see TAP_CLOCK_TOLERANCE_MS). */
  sent_at: z.number().int().positive().optional(),
});

/** One line of the play-by-play: a tap that counted, and the score just after it (spoiler-safe pages pick by `at`). */
export interface PlayEntry {
  id: string;
  /** When it was tapped, ms since the epoch. */
  at: number;
  action: Exclude<TapAction, { kind: "undo" } | { kind: "clock" } | { kind: "clock_set" }>;
  /** The points it gave (a scoring play or a correction). */
  points: number | null;
  home: number;
  away: number;
  period: number;
  overtime: number;
  sets: { home: number; away: number } | null;
  final: boolean;
}

/** The game now and its play-by-play, as every page of the event is told it (the live-state channel's `score`). */
export interface ScoreBoard {
  state: ScoreState;
  plays: PlayEntry[];
}

/** GET /events/{id}/score: the board, and whether the caller may keep score. */
export interface GameAnswer extends ScoreBoard {
  can_keep_score: boolean;
}

export type TapResult = { id: string; status: "accepted" | "duplicate" } | { id: string; status: "refused"; message: ScoreMessage };

/** POST /events/{id}/score/taps: what became of each tap (a refused one is dropped from the page's queue), then the game. */
export interface TapsAnswer {
  results: TapResult[];
  game: GameAnswer;
}

/** POST /console/scorekeepers: the owner grants the role to an account of the channel, for one event or the season. */
export const scorekeeperBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: "A valid email address is required" })),
  /** The event; none (or null) for every event of the channel. */
  event_id: z.number().int().positive().nullable().optional(),
});

export const SCOREKEEPER_MESSAGES = {
  noAccount: "No account with this email on the channel. Ask them to register first.",
} as const;

/** A scorekeeper grant as the console lists it. */
export interface Scorekeeper {
  id: number;
  email: string;
  name: string;
  /** Null: every event of the channel (the season). */
  event_id: number | null;
  /** The event's name (in the language asked) and start, so the console names it without another call; null with the season. */
  event: { name: string; starts_at: string } | null;
  created_at: string;
}

/**
 * Key plays (issue 27): a key play's tap marks the event's timeline this many seconds before it (the channel's
 * `scores.key_play_lead_s`: the play happened before the scorekeeper tapped), and a clip is cut from there to
 * KEY_PLAY_AFTER_S after the tap.
 */
export const KEY_PLAY_LEAD_S = { min: 0, max: 60, default: 10 } as const;
export const KEY_PLAY_AFTER_S = 5;

/** A key play's clip: made by the clip pipeline once the moment is recorded; shared like a viewer's shared clip. */
export interface KeyPlayClip {
  id: number;
  status: ClipStatus;
  /** 0–100 while processing. */
  progress: number;
  duration: number;
  file: (SignedUrl & { size: number }) | null;
  poster: SignedUrl | null;
  /** The clip's share page once ready (/share/{id}/{uuid}). */
  share_path: string | null;
}

/** GET /events/{id}/key-plays: the event's key plays, in game order. */
export interface KeyPlay {
  /** The tap's id. */
  id: string;
  /** When it was tapped, ms since the epoch. */
  at: number;
  side: Side | null;
  player: string | null;
  note: string | null;
  /** Where it is marked: seconds on the event's timeline (0 = the event's start), the channel's lead before the tap. */
  marker_s: number;
  /** Hidden by the owner: listed to the owner only, and gone from the play-by-play. */
  hidden: boolean;
  /** Null when no clip could be cut (no recording of that moment, or the video provider's live stream). */
  clip: KeyPlayClip | null;
}

/** GET /events/{id}/key-plays: the key plays, and whether the caller may hide or delete them (the channel's owner). */
export interface KeyPlaysAnswer {
  key_plays: KeyPlay[];
  can_manage: boolean;
}

/** PATCH /events/{id}/key-plays/{tap}: the owner hides a key play, or shows it again. */
export const keyPlayPatchSchema = z.object({ hidden: z.boolean() });
export const keyPlayParamSchema = z.object({ id: z.coerce.number().int().positive(), tap: z.uuid() });

/** GET /key-plays/favorite (the home's rail): at most this many, newest first. */
export const FOLLOWED_KEY_PLAYS_MAX = 12;
export const followedKeyPlaysQuerySchema = z.object({
  lang: languageSchema.optional(),
  limit: z.coerce.number().int().min(1).max(FOLLOWED_KEY_PLAYS_MAX).default(FOLLOWED_KEY_PLAYS_MAX),
});

/**
 * GET /key-plays/favorite: a key play of a game of a team (or a school's team) the viewer follows, with its ready clip;
 * hidden ones are never listed. The game's teams are named as on its cards (`matchup`, `participantLabel`).
 */
export interface FollowedKeyPlay {
  /** The tap's id. */
  id: string;
  at: number;
  side: Side | null;
  player: string | null;
  note: string | null;
  event: { id: number; name: string; event_utc_ts: string; participants: Pick<EventParticipant, "side" | "name" | "short_name">[] };
  clip: { id: number; duration: number; poster: SignedUrl | null; share_path: string };
}
