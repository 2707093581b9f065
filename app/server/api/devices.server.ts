// Linking a device (issue 13): the viewer's side of the RFC 8628 flow, made as the signed-in user. A refusal the
// viewer can act on (a wrong, expired or used code; too many tries) comes back as a result with the API's message.
import { DEVICE_GRANT_TYPE, type DeviceAuthorization, type DeviceRequest, type DeviceToken, type DeviceTokenError } from "@api/contract/devices";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";
import { asResult, type ApiResult } from "./errors";

type Data<T> = { data: T };

export type DeviceResult<T> = ApiResult<T>;

/** Refusals the page words itself, too many code checks (429) included. */
const result = <T>(call: Promise<Data<T>>): Promise<DeviceResult<T>> => asResult(call.then((r) => r.data), ["http", "not_found", "validation", "throttled"]);

/** The device's poll: its session, or RFC 8628's state (`interval` after slow_down). */
export type DevicePoll = { ok: true; token: DeviceToken } | { ok: false; error: DeviceTokenError; interval?: number };

export function devicesEndpoints(options: ApiClientOptions) {
  const device = createApiClient(options);
  return {
    /** POST /device/code: a code pair for this device (its user agent names it). */
    start: () => device.post<DeviceAuthorization>("device/code"),
    /** POST /device/token: one poll. */
    poll: async (deviceCode: string): Promise<DevicePoll> => {
      const res = await device.post<Response>("device/token", { body: { grant_type: DEVICE_GRANT_TYPE, device_code: deviceCode }, raw: true, rawStatuses: [400] });
      const body = (await res.json()) as DeviceToken & { error?: DeviceTokenError; interval?: number };
      return body.error ? { ok: false, error: body.error, interval: body.interval } : { ok: true, token: body };
    },
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        /** GET /auth/add_session?code=: the device that asks. */
        request: (code: string) => result(client.get<Data<DeviceRequest>>("auth/add_session", { query: { code } })),
        /** POST /auth/add_session: approve (or deny) it. */
        answer: (code: string, approve: boolean) =>
          result(client.post<Data<DeviceRequest & { approved: boolean }>>("auth/add_session", { body: { code, approve } })),
      };
    },
  };
}

export type DevicesEndpoints = ReturnType<typeof devicesEndpoints>;
