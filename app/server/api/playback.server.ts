// The playback grant of an event or VOD item (issue 5, ADR 010): `POST events/{id}/playback` (or
// `vod-media-items/{id}/playback`), made as the signed-in user when
// there is one (the API checks their orders), anonymously otherwise. A refusal is an answer, not an error: the watch
// page shows the prompt that fits it.
import type { Language } from "@api/contract/constants";
import type { DownloadTicket, Playback, PlaybackDenied } from "@api/contract/media";
import type { StreamInfo, StreamLimitDenied } from "@api/contract/streams";
import { asUser, asViewer, createApiClient, type ApiClient, type ApiClientOptions } from "./client.server";
import { isApiRequestError } from "./errors";

export type PlaybackRefusal = PlaybackDenied["reason"];

export type PlaybackResult =
  | { kind: "allowed"; grant: Playback }
  | { kind: "refused"; reason: PlaybackRefusal }
  /** 403 at the passes' simultaneous-streams limit: the account's other streams, any of which may be stopped. */
  | { kind: "streams"; limit: number; streams: StreamInfo[] }
  /** 409: the event has not started; the page counts down and asks again at the start. */
  | { kind: "upcoming" }
  /** 409 "waiting": on air by its schedule, but no picture yet; the page shows the slate and asks again. */
  | { kind: "waiting" }
  /** 409 "interrupted": the encoder's picture stopped arriving mid-game; the page says so and asks again. */
  | { kind: "interrupted" }
  /** 404: the event has no video (or vanished). */
  | { kind: "unavailable" };

const REASONS: readonly PlaybackRefusal[] = ["geo", "login", "purchase"];

function refusalReason(body: unknown): PlaybackRefusal | null {
  const reason = (body as { reason?: unknown } | null)?.reason;
  return REASONS.includes(reason as PlaybackRefusal) ? (reason as PlaybackRefusal) : null;
}

/** A download ticket, or the API's reason for refusing it (no allowance left, not finished, no access…). */
export type DownloadTicketResult = { ok: true; ticket: DownloadTicket } | { ok: false; message: string };

/** The body of a refusal at the streams limit (reason "streams"), or null for any other body. */
function streamLimit(body: unknown): StreamLimitDenied | null {
  const b = body as Partial<StreamLimitDenied> | null;
  return b?.reason === "streams" && typeof b.limit === "number" && Array.isArray(b.streams) ? (b as StreamLimitDenied) : null;
}

/** The playback calls of one channel, built on the same client options (key source, visitor headers) as the rest. */
export function playbackEndpoints(options: ApiClientOptions, lang: Language) {
  /** One grant request; refusals (403), "not started" (409) and "no video" (404) become results, not errors. */
  async function grant(client: ApiClient, path: string): Promise<PlaybackResult> {
    try {
      const { data } = await client.post<{ data: Playback }>(path, { query: { lang } });
      return { kind: "allowed", grant: data };
    } catch (error) {
      const limited = isApiRequestError(error, "http") && error.status === 403 ? streamLimit(error.body) : null;
      if (limited) return { kind: "streams", limit: limited.limit, streams: limited.streams };
      if (isApiRequestError(error, "http") && error.status === 403) {
        // A refusal body carries its reason (the API's 403 schema); a bare 403 is treated like a login prompt.
        return { kind: "refused", reason: refusalReason(error.body) ?? "login" };
      }
      if (isApiRequestError(error, "http") && error.status === 409) {
        const reason = (error.body as { reason?: unknown } | null)?.reason;
        return reason === "waiting" || reason === "interrupted" ? { kind: reason } : { kind: "upcoming" };
      }
      if (isApiRequestError(error, "not_found")) return { kind: "unavailable" };
      throw error;
    }
  }

  return {
    /**
     * The playback calls as the holder of `token`, or anonymously without one; a 401 runs `onUnauthenticated` (SPEC §8).
     * The grants and the preroll reports also carry the anonymous viewer id `viewerId()` names at the call (preroll
     * suppression while signed out).
     */
    withUser(token: string | null, onUnauthenticated?: () => void, viewerId: () => string | null = () => null) {
      const asTheUser = asUser(options, token, onUnauthenticated);
      const asTheViewer = () => createApiClient(asViewer(asTheUser, viewerId()));
      return {
        /** The grant for the event `eventId` (`POST events/{id}/playback`). */
        event: (eventId: number) => grant(asTheViewer(), `events/${eventId}/playback`),
        /** The grant for the VOD library item `itemId` (`POST vod-media-items/{id}/playback`), same answers as `event`. */
        vod: (itemId: number) => grant(asTheViewer(), `vod-media-items/${itemId}/playback`),
        /** Records that a preroll played for this user or viewer (`POST prerolls/{id}/played`, 204), so it is suppressed. */
        async prerollPlayed(prerollId: number): Promise<void> {
          await asTheViewer().post<void>(`prerolls/${prerollId}/played`, { noContent: true });
        },
        /** Takes one download of the event as the signed-in user (`POST download-event/{id}`): the ticket, or why not. */
        async downloadTicket(eventId: number): Promise<DownloadTicketResult> {
          try {
            const { data } = await createApiClient(asTheUser).post<{ data: DownloadTicket }>(`download-event/${eventId}`);
            return { ok: true, ticket: data };
          } catch (error) {
            // A refusal (403/404/409/422…) is shown to the user with the API's message; outages stay errors.
            if (isApiRequestError(error, "http", "not_found", "validation") && error.body?.message) return { ok: false, message: error.body.message };
            throw error;
          }
        },
      };
    },
  };
}

export type PlaybackEndpoints = ReturnType<typeof playbackEndpoints>;
