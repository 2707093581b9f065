// The signed-in user's sessions (issue 13, Devices in /profile), made as that user. Ending a session that is already
// gone (404) comes back as a result the page words itself.
import type { EndedOthers, EndedSession, Session } from "@api/contract/sessions";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { asResult } from "./errors";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export function sessionsEndpoints(options: ApiClientOptions) {
  return {
    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        /** GET /sessions: every live session, newest seen first. */
        list: () => data(client.get<Data<Session[]>>("sessions")),
        /** DELETE /sessions/{id}: `current` when it was this one. */
        end: (id: number) => asResult(data(client.delete<Data<EndedSession>>(`sessions/${id}`))),
        /** POST /sessions/end-others: how many ended. */
        endOthers: () => asResult(data(client.post<Data<EndedOthers>>("sessions/end-others"))),
      };
    },
  };
}

export type SessionsEndpoints = ReturnType<typeof sessionsEndpoints>;
