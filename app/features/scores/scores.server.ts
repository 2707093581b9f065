// What a watch page loads for its score bug (issue 27): the game's board, when the event is a two-sided game that has
// started and its sport has scoring. The page never fails for its score: a failed call shows no bug.
import type { Event } from "@api/contract/catalogue";
import type { KeyPlaysAnswer, ScoreBoard } from "@api/contract/scores";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser } from "~/server/guards.server";
import { sides } from "~/lib/format";

export async function loadScoreBoard(context: AppLoadContext, event: Pick<Event, "id" | "stream_status" | "participants">): Promise<ScoreBoard | null> {
  if (event.stream_status === "upcoming" || !sides(event)) return null;
  const { api } = optionalUser(context);
  try {
    const game = await api.scores.game(event.id);
    return game && { state: game.state, plays: game.plays };
  } catch (error) {
    if (isApiRequestError(error, "unauthenticated")) throw error;
    console.error("scores: board not loaded", error instanceof Error ? error.message : String(error));
    return null;
  }
}

/**
 * The event's key plays with their clips, asked beside its board (the same events have both; one without a game
 * answers none), so the page waits for one round trip, not two.
 */
export async function loadKeyPlays(context: AppLoadContext, event: Pick<Event, "id" | "stream_status" | "participants">): Promise<KeyPlaysAnswer | null> {
  if (event.stream_status === "upcoming" || !sides(event)) return null;
  const { api } = optionalUser(context);
  try {
    return await api.scores.keyPlays(event.id);
  } catch (error) {
    if (isApiRequestError(error, "unauthenticated")) throw error;
    console.error("scores: key plays not loaded", error instanceof Error ? error.message : String(error));
    return null;
  }
}
