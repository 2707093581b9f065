// The console's custom domains (issue 16), made as the signed-in owner or admin. A refusal the page words inline
// (a hostname that is not valid or already taken, an id that is gone, the provider not answering) comes back as a
// result with the API's message and field errors.
import type { CustomDomain, DomainsOverview } from "@api/contract/domains";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { asResult } from "./errors";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export function domainsEndpoints(options: ApiClientOptions) {
  return {
    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        /** GET /console/domains: the channel's domains with the records to create, and the declared ones. */
        list: () => data(client.get<Data<DomainsOverview>>("console/domains")),
        /** POST /console/domains: a new pending domain. */
        add: (hostname: string) => asResult(data(client.post<Data<CustomDomain>>("console/domains", { body: { hostname } }))),
        /** POST /console/domains/{id}/verify: asks the provider again; active once both records exist. */
        verify: (id: number) => asResult(data(client.post<Data<CustomDomain>>(`console/domains/${id}/verify`))),
        /** DELETE /console/domains/{id}. */
        remove: (id: number) => asResult(data(client.delete<Data<{ id: number }>>(`console/domains/${id}`))),
      };
    },
  };
}

export type DomainsEndpoints = ReturnType<typeof domainsEndpoints>;
