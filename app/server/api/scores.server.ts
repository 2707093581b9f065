// Game day calls (issue 27): the game an event's taps make (public; signed in, it also says whether the viewer may
// keep score) and a scorekeeper's taps. A refused tap comes back as a result with the rule's words and what became
// of every tap, so the scorekeeper's queue drops the refused ones and keeps going. The owner's grants of the role
// (the console's): a refused grant (no such account, a bad email) comes back as a result too.
import type { Language } from "@api/contract/constants";
import { SCORE_MESSAGES, type FollowedKeyPlay, type GameAnswer, type KeyPlay, type KeyPlaysAnswer, type Scorekeeper, type Tap, type TapsAnswer } from "@api/contract/scores";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { asResult, isApiRequestError } from "./errors";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export type TapsResult = { ok: true; answer: TapsAnswer } | { ok: false; status: number; message: string; answer: TapsAnswer | null };

export function scoresEndpoints(options: ApiClientOptions, lang: Language) {
  return {
    /** The calls made as the user holding `token` (anonymous without one); a 401 runs `onUnauthenticated`. */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        /** The event's game, or null when its sport has no scoring. */
        async game(eventId: number): Promise<GameAnswer | null> {
          try {
            return (await client.get<Data<GameAnswer>>(`events/${eventId}/score`)).data;
          } catch (error) {
            if (isApiRequestError(error, "validation") && error.body?.message === SCORE_MESSAGES.noSport) return null;
            throw error;
          }
        },
        async sendTaps(eventId: number, taps: Tap[], sentAt?: number): Promise<TapsResult> {
          try {
            return { ok: true, answer: (await client.post<Data<TapsAnswer>>(`events/${eventId}/score/taps`, { body: { taps, sent_at: sentAt } })).data };
          } catch (error) {
            if (isApiRequestError(error, "validation", "http", "not_found") && error.body?.message) {
              const answer = (error.body as { data?: TapsAnswer }).data ?? null;
              return { ok: false, status: error.status ?? 400, message: error.body.message, answer };
            }
            throw error;
          }
        },
        /** The event's key plays with their clips (the owner also gets the hidden ones); none when its sport has no scoring. */
        async keyPlays(eventId: number): Promise<KeyPlaysAnswer> {
          try {
            return (await client.get<Data<KeyPlaysAnswer>>(`events/${eventId}/key-plays`)).data;
          } catch (error) {
            if (isApiRequestError(error, "validation") && error.body?.message === SCORE_MESSAGES.noSport) return { key_plays: [], can_manage: false };
            throw error;
          }
        },
        /** GET /key-plays/favorite: the newest key plays (with a ready clip) of the games of the teams the user follows. */
        followedKeyPlays: () => data(client.get<Data<FollowedKeyPlay[]>>("key-plays/favorite", { query: { lang } })),
        /** The owner hides a key play or shows it again. */
        async setKeyPlayHidden(eventId: number, tapId: string, hidden: boolean): Promise<KeyPlay> {
          return (await client.patch<Data<KeyPlay>>(`events/${eventId}/key-plays/${tapId}`, { body: { hidden } })).data;
        },
        /** The owner deletes a key play and its clip. */
        async deleteKeyPlay(eventId: number, tapId: string): Promise<void> {
          await client.delete(`events/${eventId}/key-plays/${tapId}`);
        },
        /** GET /console/scorekeepers: the channel's grants, newest first, their events named in the page's language. */
        scorekeepers: () => data(client.get<Data<Scorekeeper[]>>("console/scorekeepers", { query: { lang } })),
        /** POST /console/scorekeepers: the role for one event, or for every event (the season) with none. */
        grantScorekeeper: (email: string, eventId: number | null) =>
          asResult(data(client.post<Data<Scorekeeper[]>>("console/scorekeepers", { query: { lang }, body: { email, event_id: eventId } }))),
        /** DELETE /console/scorekeepers/{id}. */
        revokeScorekeeper: (id: number) => asResult(data(client.delete<Data<{ deleted: true }>>(`console/scorekeepers/${id}`))),
      };
    },
  };
}

export type ScoresEndpoints = ReturnType<typeof scoresEndpoints>;
