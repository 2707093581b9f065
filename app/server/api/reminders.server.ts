// The reminder calls (issue 12): "Remind me" on one upcoming event, its removal and the user's reminders, made as
// the signed-in user; and the unsubscribe of a reminder mail's signed link, made for anyone holding it. Refusals
// the visitor can read (an event that started, a bad link) come back as results with the API's message.
import type { Reminder } from "@api/contract/favorites";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { asResult, type ApiResult } from "./errors";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export type ReminderResult<T> = ApiResult<T>;

/** A 4xx with a message as a result; outages and 401 stay errors. */
const result = <T>(call: Promise<T>): Promise<ReminderResult<T>> => asResult(call);

export function remindersEndpoints(options: ApiClientOptions) {
  const anonymous = createApiClient(options);
  return {
    /** POST /reminders/unsubscribe: the signed link of a reminder mail (no sign-in needed). */
    unsubscribe: (user: string, signature: string) =>
      result(data(anonymous.post<Data<{ unsubscribed: boolean }>>("reminders/unsubscribe", { body: { user, signature } }))),

    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        list: (eventId?: number) =>
          data(
            client.get<Data<Reminder[]>>("reminders", {
              query: { event_id: eventId },
            })
          ),
        add: (eventId: number) =>
          result(
            data(
              client.post<Data<Reminder>>("reminder", {
                body: { event_id: eventId },
              })
            )
          ),
        remove: (eventId: number) => result(data(client.delete<Data<{ deleted: boolean }>>(`reminder/${eventId}`))),
      };
    },
  };
}

export type RemindersEndpoints = ReturnType<typeof remindersEndpoints>;
