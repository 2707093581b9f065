// Concurrent streams (issue 13): the player's heartbeat and release, and stopping another device's stream, made as
// the signed-in user. The limit itself is the API's: a playback grant refused at it is a PlaybackResult.
import type { StreamEnded } from "@api/contract/streams";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { asResult, isApiRequestError } from "./errors";

/** What a heartbeat learns: the stream goes on, another device stopped it, or it is over (ask for a grant again). */
export type StreamBeat = "ok" | StreamEnded["reason"];

export function streamsEndpoints(options: ApiClientOptions) {
  return {
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        /** POST /streams/heartbeat. */
        async heartbeat(): Promise<StreamBeat> {
          try {
            await client.post<void>("streams/heartbeat", { noContent: true });
            return "ok";
          } catch (error) {
            const reason = isApiRequestError(error, "http") && error.status === 409 ? (error.body as Partial<StreamEnded> | null)?.reason : undefined;
            if (reason === "stopped" || reason === "expired") return reason;
            throw error;
          }
        },
        /** POST /streams/release: this device's player closed. */
        release: () => client.post<void>("streams/release", { noContent: true }),
        /** POST /streams/{id}/stop: stops another device's stream (a refusal says it had already ended). */
        stop: (id: number) => asResult(client.post<void>(`streams/${id}/stop`, { noContent: true })),
      };
    },
  };
}

export type StreamsEndpoints = ReturnType<typeof streamsEndpoints>;
