// The clip calls (SPEC §7 Clips, issue 11): cut, list, one event's, one clip, delete, download and the events with
// clips, made as the signed-in user; the shared clip, made for anyone holding its link. Refusals the user can act on
// (validation, limits, capability) come back as results with the API's message and field errors.
import type { Clip, ClipDownload, EventWithClips, SharedClip } from "@api/contract/clips";
import type { Language } from "@api/contract/constants";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { asResult, type ApiResult } from "./errors";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

/** What POST /clip takes (SPEC §7): seconds on the source's timeline; `event_media_id` names a library video. */
export interface ClipBody {
  event_id?: number;
  event_media_id?: number;
  name: string;
  start_time: number;
  duration: number;
  tags: string[];
}

export type ClipResult<T> = ApiResult<T>;

/** A refusal with a message (4xx) as a result; outages and 401 stay errors. */
export const result = <T>(call: Promise<T>): Promise<ClipResult<T>> => asResult(call);

export interface ClipListQuery {
  event_id?: number;
  event_media_id?: number;
  status?: Clip["status"];
  offset?: number;
  limit?: number;
}

export function clipsEndpoints(options: ApiClientOptions, lang: Language) {
  const anonymous = createApiClient(options);
  return {
    /** GET /shared-clip/{id}?uuid=: a ready clip for anyone with the link; not_found otherwise. */
    shared: (id: number, uuid: string) => data(anonymous.get<Data<SharedClip>>(`shared-clip/${id}`, { query: { uuid, lang } })),

    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        create: (body: ClipBody) => result(data(client.post<Data<Clip>>("clip", { body: { ...body } }))),
        list: (q: ClipListQuery = {}) => client.get<{ data: Clip[]; meta: { total: number; offset: number; limit: number } }>("clips/user", { query: { ...q, lang } }),
        ofEvent: (eventId: number) => data(client.get<Data<Clip[]>>(`clips/event/${eventId}`, { query: { lang } })),
        get: (id: number) => data(client.get<Data<Clip>>(`clip/${id}`, { query: { lang } })),
        remove: (id: number) => result(data(client.delete<Data<{ deleted: boolean }>>(`clip/${id}`))),
        download: (id: number) => result(data(client.get<Data<ClipDownload>>(`clip/download/${id}`))),
        eventsWithClip: () => data(client.get<Data<EventWithClips[]>>("events/with_clip", { query: { lang, limit: 100 } })),
      };
    },
  };
}

export type ClipsEndpoints = ReturnType<typeof clipsEndpoints>;
export type UserClipCalls = ReturnType<ClipsEndpoints["withUser"]>;
