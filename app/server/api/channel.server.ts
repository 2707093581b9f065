// Typed channel calls (SPEC §7 "Channel", "FAQ and forms"). Loaders use these, never fetch with a string.
import type {
  ApiKeyGrant,
  BootstrapData,
  ChannelConfig,
  ColorSettings,
  CustomForm,
  FaqItem,
  MenuItem,
  Page,
  PageSummary,
  ResolvedSettings,
  Slide,
  SlidableType,
} from "@api/contract/channel";
import type { Language } from "@api/contract/constants";
import type { ApiClient } from "./client.server";
import { ApiRequestError } from "./errors";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export function channelEndpoints(client: ApiClient, lang: Language) {
  return {
    config: () => data(client.get<Data<ChannelConfig>>("channel-config", { public: true })),
    getApiKey: (channelKey: string) => data(client.post<Data<ApiKeyGrant>>("get_api_key", { public: true, body: { channel_key: channelKey } })),
    bootstrap: () =>
      data(client.get<Data<BootstrapData>>("channel-bootstrap-data", { public: true, query: { client_interface: "web", lang } })),
    settings: () => data(client.get<Data<ResolvedSettings>>("settings", { public: true })),
    menu: () => data(client.get<Data<MenuItem[]>>("menu", { public: true, query: { lang } })),
    slides: (type?: SlidableType) => data(client.get<Data<Slide[]>>("slides/web", { public: true, query: { lang, type } })),
    pages: () => data(client.get<Data<PageSummary[]>>("pages", { public: true, query: { lang } })),
    page: (id: number) => data(client.get<Data<Page>>(`pages/${id}`, { query: { lang } })),
    colors: () => data(client.get<Data<ColorSettings>>("color-settings/web", { public: true })),
    faq: () => data(client.get<Data<FaqItem[]>>("faq", { public: true, query: { lang } })),
    /** A form the channel does not have is not an error: SPEC §8 ignores a 404 here. */
    customForm: async (alias: string): Promise<CustomForm | null> => {
      try {
        return await data(client.get<Data<CustomForm>>(`custom-forms/${encodeURIComponent(alias)}`, { query: { lang } }));
      } catch (error) {
        if (error instanceof ApiRequestError && error.kind === "not_found") return null;
        throw error;
      }
    },
    submitCustomForm: (alias: string, values: Record<string, unknown>) =>
      data(client.post<Data<{ received: true }>>(`custom-forms/${encodeURIComponent(alias)}`, { body: values })),
  };
}

export type ChannelEndpoints = ReturnType<typeof channelEndpoints>;
