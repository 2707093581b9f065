// The playback grant of an event (issue 5, ADR 010): `POST events/{id}/playback`, made as the signed-in user when
// there is one (the API checks their orders), anonymously otherwise. A refusal is an answer, not an error: the watch
// page shows the prompt that fits it.
import type { Playback, PlaybackDenied } from "@api/contract/media";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { isApiRequestError } from "./errors";

export type PlaybackRefusal = PlaybackDenied["reason"];

export type PlaybackResult =
  | { kind: "allowed"; grant: Playback }
  | { kind: "refused"; reason: PlaybackRefusal }
  /** 409: the event has not started; the page counts down and asks again at the start. */
  | { kind: "upcoming" }
  /** 404: the event has no video (or vanished). */
  | { kind: "unavailable" };

const REASONS: readonly PlaybackRefusal[] = ["geo", "login", "purchase"];

function refusalReason(body: unknown): PlaybackRefusal | null {
  const reason = (body as { reason?: unknown } | null)?.reason;
  return REASONS.includes(reason as PlaybackRefusal) ? (reason as PlaybackRefusal) : null;
}

/** The playback calls of one channel, built on the same client options (key source, visitor headers) as the rest. */
export function playbackEndpoints(options: ApiClientOptions) {
  return {
    /**
     * The grant for `eventId` as the holder of `token` (or anonymously); `onUnauthenticated` runs when the API
     * answers 401, so the web session can be cleared (SPEC §8).
     */
    async playback(eventId: number, token?: string | null, onUnauthenticated?: () => void): Promise<PlaybackResult> {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      try {
        const { data } = await client.post<{ data: Playback }>(`events/${eventId}/playback`);
        return { kind: "allowed", grant: data };
      } catch (error) {
        if (isApiRequestError(error, "http") && error.status === 403) {
          // A refusal body carries its reason (the API's 403 schema); a bare 403 is treated like a login prompt.
          return { kind: "refused", reason: refusalReason(error.body) ?? "login" };
        }
        if (isApiRequestError(error, "http") && error.status === 409) return { kind: "upcoming" };
        if (isApiRequestError(error, "not_found")) return { kind: "unavailable" };
        throw error;
      }
    },
  };
}

export type PlaybackEndpoints = ReturnType<typeof playbackEndpoints>;
