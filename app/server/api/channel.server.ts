// Typed channel calls (SPEC §7 "Channel", "FAQ and forms"). Loaders use these, never fetch with a string.
import type {
  ApiKeyGrant,
  BootstrapData,
  ChannelConfig,
  CustomForm,
  Page,
} from "@api/contract/channel";
import type { Language } from "@api/contract/constants";
import type { ApiClient } from "./client.server";
import { isApiRequestError } from "./errors";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export function channelEndpoints(client: ApiClient, lang: Language) {
  return {
    config: () => data(client.get<Data<ChannelConfig>>("channel-config", { public: true })),
    getApiKey: (channelKey: string) => data(client.post<Data<ApiKeyGrant>>("get_api_key", { public: true, body: { channel_key: channelKey } })),
    bootstrap: () =>
      data(client.get<Data<BootstrapData>>("channel-bootstrap-data", { public: true, query: { client_interface: "web", lang } })),
    page: (id: number) => data(client.get<Data<Page>>(`pages/${id}`, { query: { lang } })),
    /** A form the channel does not have is not an error: SPEC §8 ignores a 404 here. */
    customForm: async (alias: string): Promise<CustomForm | null> => {
      try {
        return await data(client.get<Data<CustomForm>>(`custom-forms/${encodeURIComponent(alias)}`, { query: { lang } }));
      } catch (error) {
        if (isApiRequestError(error, "not_found")) return null;
        throw error;
      }
    },
    submitCustomForm: (alias: string, values: Record<string, unknown>) =>
      data(client.post<Data<{ received: true }>>(`custom-forms/${encodeURIComponent(alias)}`, { body: values })),
  };
}

export type ChannelEndpoints = ReturnType<typeof channelEndpoints>;
