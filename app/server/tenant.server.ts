// Start-up per SPEC §2, on the server: channel config (from the host), then the api key via the channel key,
// then the bootstrap data. Each step is cached; a failure is never cached.
import type { BootstrapData, ChannelConfig } from "@api/contract/channel";
import { DEFAULT_LANGUAGE, type Language } from "@api/contract/constants";
import { bootstrapKey, configKey } from "@api/lib/cache-keys";
import { appConfig, devToolsOn } from "@api/env";
import { channelKeySource, type ChannelKeySource } from "./api/api-key.server";
import { authEndpoints, type AuthEndpoints } from "./api/auth.server";
import { calendarEndpoints, type CalendarEndpoints } from "./api/calendar.server";
import { catalogueEndpoints, type CatalogueEndpoints, viewerCatalogueEndpoints } from "./api/catalogue.server";
import { clipsEndpoints, type ClipsEndpoints } from "./api/clips.server";
import { devicesEndpoints, type DevicesEndpoints } from "./api/devices.server";
import { domainsEndpoints, type DomainsEndpoints } from "./api/domains.server";
import { favoritesEndpoints, type FavoritesEndpoints } from "./api/favorites.server";
import { channelEndpoints, type ChannelEndpoints } from "./api/channel.server";
import { createApiClient, type ApiClientOptions } from "./api/client.server";
import { commerceEndpoints, type CommerceEndpoints } from "./api/commerce.server";
import { isApiRequestError } from "./api/errors";
import { ordersEndpoints, type OrdersEndpoints } from "./api/orders.server";
import { playbackEndpoints, type PlaybackEndpoints } from "./api/playback.server";
import { streamsEndpoints, type StreamsEndpoints } from "./api/streams.server";
import { remindersEndpoints, type RemindersEndpoints } from "./api/reminders.server";
import { scoresEndpoints, type ScoresEndpoints } from "./api/scores.server";
import { sessionsEndpoints, type SessionsEndpoints } from "./api/sessions.server";
import { analyticsEndpoints, type AnalyticsEndpoints } from "./api/analytics.server";
import { consoleEndpoints, type ConsoleEndpoints } from "./api/console.server";
import { videoEndpoints, type VideoEndpoints } from "./api/video.server";
import { searchEndpoints, type SearchEndpoints, viewerSearchEndpoints } from "./api/search.server";
import { socialEndpoints, type SocialEndpoints } from "./api/social.server";
import { httpTransport, inProcessTransport } from "./api/transport.server";
import { CacheShort, cached, forgetCached, type CacheDeps } from "./cache.server";
import { readLanguageCookie } from "./cookies.server";

export type TenantState =
  | {
      kind: "ok";
      channel: ChannelConfig;
      lang: Language;
      /** The channel's api key as this isolate holds it (renewed at logout). */
      apiKey: Pick<ChannelKeySource, "renew">;
      api: ChannelEndpoints;
      catalogue: CatalogueEndpoints;
      /** The catalogue as the request's viewer (viewer-api.server.ts binds it to the session). */
      viewerCatalogue: ReturnType<typeof viewerCatalogueEndpoints>;
      search: SearchEndpoints;
      /** Search as the request's viewer (viewer-api.server.ts binds it to the session). */
      viewerSearch: ReturnType<typeof viewerSearchEndpoints>;
      auth: AuthEndpoints;
      social: SocialEndpoints;
      playback: PlaybackEndpoints;
      orders: OrdersEndpoints;
      commerce: CommerceEndpoints;
      clips: ClipsEndpoints;
      favorites: FavoritesEndpoints;
      devices: DevicesEndpoints;
      streams: StreamsEndpoints;
      sessions: SessionsEndpoints;
      analytics: AnalyticsEndpoints;
      console: ConsoleEndpoints;
      domains: DomainsEndpoints;
      video: VideoEndpoints;
      reminders: RemindersEndpoints;
      scores: ScoresEndpoints;
      calendar: CalendarEndpoints;
      bootstrap: BootstrapData;
      origin: string;
    }
  /** No channel on this host: a plain 404. */
  | { kind: "unknown"; lang: Language }
  /** The channel exists but its api key or data cannot be had: the reload screen. */
  | { kind: "unavailable"; lang: Language; reason: string };

export type ReadyTenant = Extract<TenantState, { kind: "ok" }>;

/** The visitor's language: their saved choice if the channel offers it, else the channel's default. */
export function pickLanguage(request: Request, config: Pick<ChannelConfig, "language" | "languages">): Language {
  const chosen = readLanguageCookie(request);
  return chosen && config.languages.includes(chosen) ? chosen : config.language;
}

export async function resolveTenant(request: Request, env: Env, ctx: ExecutionContext, now: () => number = Date.now): Promise<TenantState> {
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  const settings = appConfig(env);
  const remote = settings.API_ORIGIN;
  const clientBase: Omit<ApiClientOptions, "keys"> = {
    transport: remote ? httpTransport() : inProcessTransport(env, ctx),
    origin: remote ?? url.origin,
    headers: { ...visitorHeaders(request, devToolsOn(settings)), ...(remote ? { "x-forwarded-host": host } : {}) },
  };
  const deps: CacheDeps = { kv: env.CACHE, waitUntil: (p) => ctx.waitUntil(p), now };
  const fallbackLang = readLanguageCookie(request) ?? DEFAULT_LANGUAGE;

  // Config and key minting are public calls (no key): one client serves both.
  const publicApi = channelEndpoints(createApiClient(clientBase), DEFAULT_LANGUAGE);
  // A host that names no channel (any more) is never cached, and its stale copy is dropped: a custom domain serves as
  // soon as it is active and stops once removed (issue 16).
  const loadConfig = () =>
    publicApi.config().catch((error: unknown) => {
      if (isApiRequestError(error, "not_found")) forgetCached(deps, configKey(host));
      throw error;
    });
  let config: ChannelConfig;
  try {
    config = await cached(deps, configKey(host), CacheShort, loadConfig);
  } catch (error) {
    if (isApiRequestError(error, "not_found")) return { kind: "unknown", lang: fallbackLang };
    return unavailable(fallbackLang, error);
  }

  const lang = pickLanguage(request, config);
  const keys = channelKeySource(config.alias, () => publicApi.getApiKey(config.channel_key), now);
  try {
    await keys.ensure();
  } catch (error) {
    return unavailable(lang, error);
  }
  const options: ApiClientOptions = { ...clientBase, keys };
  const client = createApiClient(options);
  const api = channelEndpoints(client, lang);
  try {
    const bootstrap = await cached(deps, bootstrapKey(config.alias, lang), CacheShort, api.bootstrap);
    return {
      kind: "ok",
      channel: config,
      lang,
      apiKey: keys,
      api,
      catalogue: catalogueEndpoints(client, lang),
      viewerCatalogue: viewerCatalogueEndpoints(options, lang),
      viewerSearch: viewerSearchEndpoints(options, lang),
      search: searchEndpoints(client, lang),
      auth: authEndpoints(options),
      social: socialEndpoints(client, lang),
      playback: playbackEndpoints(options, lang),
      orders: ordersEndpoints(options, lang),
      commerce: commerceEndpoints(options, lang),
      clips: clipsEndpoints(options, lang),
      favorites: favoritesEndpoints(options, lang),
      devices: devicesEndpoints(options),
      streams: streamsEndpoints(options),
      sessions: sessionsEndpoints(options),
      analytics: analyticsEndpoints(options, lang),
      console: consoleEndpoints(options),
      domains: domainsEndpoints(options),
      video: videoEndpoints(options, lang),
      reminders: remindersEndpoints(options),
      scores: scoresEndpoints(options, lang),
      calendar: calendarEndpoints(options, lang),
      bootstrap,
      origin: url.origin,
    };
  } catch (error) {
    return unavailable(lang, error);
  }
}

/**
 * What the API needs to know about the visitor: their country (Cloudflare's, from request.cf or CF-IPCountry), IP
 * and user agent (the sessions table records the device). Outside production a tester may simulate a country with X-Simulate-Country.
 */
function visitorHeaders(request: Request, devTools: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const cf = (request as { cf?: { country?: string } }).cf;
  const country = request.headers.get("cf-ipcountry") ?? cf?.country;
  if (country) headers["cf-ipcountry"] = country;
  const ip = request.headers.get("cf-connecting-ip");
  if (ip) headers["cf-connecting-ip"] = ip;
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers["user-agent"] = userAgent.slice(0, 512);
  const simulated = request.headers.get("x-simulate-country");
  if (simulated && devTools) headers["x-simulate-country"] = simulated;
  return headers;
}

function unavailable(lang: Language, error: unknown): TenantState {
  const reason = error instanceof Error ? error.message : String(error);
  console.error("channel start-up failed:", reason);
  return { kind: "unavailable", lang, reason };
}
