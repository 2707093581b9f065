// Typed catalogue calls (SPEC §7 "Events", "Participants", "VOD", "Geo"), used by loaders.
import type {
  Event,
  EventCategory,
  EventsForHomepage,
  RelatedEvents,
  EventsQuery,
  Geo,
  ListResponse,
  Location,
  Participant,
  ParticipantGroup,
  ParticipantGroupProperty,
  VodCategory,
  VodItem,
  VodRail,
} from "@api/contract/catalogue";
import type { Language } from "@api/contract/constants";
import { asUser, createApiClient, type ApiClient, type ApiClientOptions } from "./client.server";

type Data<T> = { data: T };
type Query = Record<string, string | number | boolean | undefined | null>;
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export function catalogueEndpoints(client: ApiClient, lang: Language) {
  return {
    events: (query: EventsQuery) => client.get<ListResponse<Event>>("events", { query: { ...(query as Query), lang } }),
    event: (id: number) => data(client.get<Data<Event>>(`events/${id}`, { query: { lang } })),
    relatedEvents: (id: number) => data(client.get<Data<RelatedEvents>>(`events/${id}/related`, { query: { lang } })),
    eventsForHomepage: () => data(client.get<Data<EventsForHomepage>>("events-for-homepage", { query: { lang } })),
    categories: () => data(client.get<Data<EventCategory[]>>("events-categories", { query: { lang } })),
    locations: () => data(client.get<Data<Location[]>>("events-locations", { public: true, query: { lang } })),
    participants: (query: Query = {}) =>
      client.get<ListResponse<Participant>>("participants", { public: true, query: { no_limit: 1, ...query, lang } }),
    participantGroups: () => data(client.get<Data<ParticipantGroup[]>>("participant-groups", { public: true, query: { lang } })),
    participantGroupProperties: () =>
      data(client.get<Data<ParticipantGroupProperty[]>>("participant-group-properties", { query: { lang } })),
    vodItems: (query: Query = {}) => client.get<ListResponse<VodItem>>("vod-media-items", { query: { ...query, lang } }),
    vodItem: (id: number) => data(client.get<Data<VodItem>>(`vod-media-items/${id}`, { query: { lang } })),
    vodCategories: () => data(client.get<Data<VodCategory[]>>("vod-media-categories", { query: { lang } })),
    vodSearch: (title: string, query: Query = {}) =>
      client.get<ListResponse<VodItem>>("vod-media/search", { query: { ...query, title, lang } }),
    vodRails: () => data(client.get<Data<VodRail[]>>("vod-media-rails", { query: { lang } })),
    geo: () => data(client.get<Data<Geo>>("geo")),
  };
}

export type CatalogueEndpoints = ReturnType<typeof catalogueEndpoints>;

/**
 * The same calls as a viewer (issue 28): the event lists' `has_access` and `offer` are the API's verdict for whoever
 * asks, so the cards a signed-in viewer sees carry the session's token (anonymous without one).
 */
export function viewerCatalogueEndpoints(options: ApiClientOptions, lang: Language) {
  return {
    withUser: (token: string | null, onUnauthenticated?: () => void): CatalogueEndpoints =>
      catalogueEndpoints(createApiClient(asUser(options, token, onUnauthenticated)), lang),
  };
}
