// The channel owner's analytics (issue 14), made as that user: the dashboard and the request-error log.
import type { Language } from "@api/contract/constants";
import type { AnalyticsDashboard, RequestErrorEntry } from "@api/contract/datalake";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export interface DayRangeQuery {
  from?: string;
  to?: string;
}

const params = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(q).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)])).toString();

export function analyticsEndpoints(options: ApiClientOptions, lang: Language) {
  return {
    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        /** GET /analytics/dashboard: the range's days (UTC), totals, what plays now and the most watched. */
        dashboard: (range: DayRangeQuery) => data(client.get<Data<AnalyticsDashboard>>(`analytics/dashboard?${params({ ...range, lang })}`)),
        /** GET /analytics/errors: the range's latest failed requests, newest first. */
        errors: (range: DayRangeQuery, limit = 50) => data(client.get<Data<RequestErrorEntry[]>>(`analytics/errors?${params({ ...range, limit })}`)),
      };
    },
  };
}

export type AnalyticsEndpoints = ReturnType<typeof analyticsEndpoints>;
