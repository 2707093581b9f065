// The search call (issue 15, API GET /search): events, teams, schools and VOD items of the channel matching `q`.
import type { SearchResults } from "@api/contract/search";
import type { Language } from "@api/contract/constants";
import { asUser, createApiClient, type ApiClient, type ApiClientOptions } from "./client.server";

export function searchEndpoints(client: ApiClient, lang: Language) {
  return {
    search: (q: string, limit?: number) => client.get<{ data: SearchResults }>("search", { query: { q, limit, lang } }).then((r) => r.data),
  };
}

export type SearchEndpoints = ReturnType<typeof searchEndpoints>;

/** The same call as a viewer (issue 28): the events found carry the viewer's has_access and offer. */
export function viewerSearchEndpoints(options: ApiClientOptions, lang: Language) {
  return {
    withUser: (token: string | null, onUnauthenticated?: () => void): SearchEndpoints => searchEndpoints(createApiClient(asUser(options, token, onUnauthenticated)), lang),
  };
}
