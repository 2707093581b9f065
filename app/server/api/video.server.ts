// The console's video calls (issue 16), made as the channel's owner: live inputs per event and uploaded videos.
// Refusals the pages word themselves (a finished event, an input already there, a bad file) come back as results.
import type { Language } from "@api/contract/constants";
import type { DirectUpload, LiveEventRow, LiveInput, MediaUpload } from "@api/contract/video";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { asResult } from "./errors";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export function videoEndpoints(options: ApiClientOptions, lang: Language) {
  return {
    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        /** GET /console/live: upcoming, live and recent events with their live inputs. */
        liveEvents: () => data(client.get<Data<LiveEventRow[]>>("console/live", { query: { lang } })),
        /** POST /console/events/{id}/live-input: a new input (its RTMP URL and stream key). */
        createInput: (eventId: number) => asResult(data(client.post<Data<LiveInput>>(`console/events/${eventId}/live-input`))),
        /** POST /console/events/{id}/live-input/end: the owner ends the broadcast now. */
        endInput: (eventId: number) => asResult(data(client.post<Data<LiveInput>>(`console/events/${eventId}/live-input/end`))),
        /** DELETE /console/events/{id}/live-input. */
        deleteInput: (eventId: number) => asResult(data(client.delete<Data<{ deleted: true }>>(`console/events/${eventId}/live-input`))),
        /** GET /console/uploads: newest first. */
        uploads: () => data(client.get<Data<MediaUpload[]>>("console/uploads")),
        /** POST /console/uploads (multipart: file, title_en, title_fr). */
        upload: (form: FormData) => asResult(data(client.post<Data<MediaUpload>>("console/uploads", { form }))),
        /** DELETE /console/uploads/{id}: an upload still waiting for its file, or one that failed. */
        removeUpload: (id: number) => asResult(data(client.delete<Data<{ deleted: true }>>(`console/uploads/${id}`))),
        /** POST /console/uploads/direct: a resumable upload the browser sends the file to itself (tus). */
        createDirectUpload: (body: { title_en: string; title_fr: string; file_name: string; file_size: number; file_type: string }) =>
          asResult(data(client.post<Data<DirectUpload>>("console/uploads/direct", { body }))),
        /** POST /console/uploads/{id}/direct: a new URL for a waiting direct upload whose URL expired (sent again from 0). */
        renewDirectUpload: (id: number) => asResult(data(client.post<Data<DirectUpload>>(`console/uploads/${id}/direct`))),
      };
    },
  };
}

export type VideoEndpoints = ReturnType<typeof videoEndpoints>;
