// The platform API: a Hono app mounted at /api (DESIGN "One deployment, two halves").
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv, ApiOptions } from "./context";
import { MESSAGES } from "./contract/messages";
import { getDb } from "./db/client";
import { appConfig, devToolsOn } from "./env";
import { ApiError } from "./lib/errors";
import { defaultCacheControl } from "./middleware/cache-control";
import { requestErrorLog } from "./middleware/request-errors";
import { resolveChannel } from "./middleware/tenant";
import { sessionMemoGuard } from "./middleware/user";
import { ThrottledError } from "./services/auth/throttle";
import { analyticsRoutes } from "./routes/analytics";
import { assetRoutes } from "./routes/assets";
import { artworkRoutes } from "./routes/artwork";
import { calendarRoutes } from "./routes/calendar";
import { authRoutes } from "./routes/auth";
import { channelRoutes } from "./routes/channel";
import { checkoutRoutes } from "./routes/checkout";
import { datalakeRoutes } from "./routes/datalake";
import { clipMediaRoutes } from "./routes/clip-media";
import { clipRoutes } from "./routes/clips";
import { commerceCatalogueRoutes } from "./routes/commerce-catalogue";
import { consoleRoutes } from "./routes/console";
import { consoleVideoRoutes } from "./routes/console-video";
import { platformRoutes } from "./routes/platform";
import { consoleDomainRoutes } from "./routes/console-domains";
import { devRoutes } from "./routes/dev";
import { devChannelRoutes } from "./routes/dev-channels";
import { devDnsRoutes } from "./routes/dev-dns";
import { downloadRoutes } from "./routes/download";
import { eventRoutes } from "./routes/events";
import { deviceRoutes } from "./routes/devices";
import { favoriteRoutes } from "./routes/favorites";
import { geoRoutes } from "./routes/geo";
import { ingestLocalRoutes } from "./routes/ingest-local";
import { devTusRoutes } from "./routes/dev-tus";
import { keysRoutes } from "./routes/keys";
import { mediaRoutes } from "./routes/media";
import { ordersRoutes } from "./routes/orders";
import { participantRoutes } from "./routes/participants";
import { prerollRoutes } from "./routes/prerolls";
import { profileRoutes } from "./routes/profile";
import { reminderRoutes } from "./routes/reminders";
import { scoreRoutes } from "./routes/scores";
import { sessionRoutes } from "./routes/sessions";
import { searchRoutes } from "./routes/search";
import { simulateRoutes } from "./routes/simulate";
import { socialRoutes } from "./routes/social";
import { streamRoutes } from "./routes/streams";
import { vodRoutes } from "./routes/vod";
import { videoNotificationRoutes } from "./routes/video-notifications";
import { videoWebhookRoutes } from "./routes/video-webhook";
import { vodPlaybackRoutes } from "./routes/vod-playback";
import { webhookRoutes } from "./routes/webhook";

/**
 * The API's route table. The dev-only routers (outbox, schedule mover, payment and reminder runners, local ingest,
 * tus and DNS stand-ins, test channels) are in it only with `devTools`: in production they are not
 * mounted at all, so they answer the 404 of any unknown path (issue 25).
 */
function buildApi(now: () => number, devTools: boolean) {
  const app = new Hono<AppEnv>().basePath("/api");
  const dev = (router: Hono<AppEnv>) => {
    if (devTools) app.route("/", router);
  };

  app.use(secureHeaders({ crossOriginResourcePolicy: "same-site", xFrameOptions: "DENY", strictTransportSecurity: false }));
  app.use(async (c, next) => {
    c.set("now", now);
    c.set("db", getDb(c.env.DB));
    await next();
  });
  // Machine-wide, not a channel's (issue 16): the local ingest process and the video provider's webhook name inputs
  // and uploads by their provider uid, on whatever host they call.
  dev(ingestLocalRoutes);
  dev(devTusRoutes);
  dev(devChannelRoutes);
  app.route("/", videoWebhookRoutes);
  app.route("/", videoNotificationRoutes);
  app.use(resolveChannel);
  app.use(requestErrorLog);
  app.use(defaultCacheControl);
  app.use(sessionMemoGuard);

  app.route("/", keysRoutes);
  app.route("/", channelRoutes);
  app.route("/", assetRoutes);
  app.route("/", artworkRoutes);
  // Before eventRoutes: /events/with_clip would otherwise be read as /events/{id}.
  app.route("/", clipRoutes);
  // Before eventRoutes too, for /events/favorite.
  app.route("/", favoriteRoutes);
  app.route("/", eventRoutes);
  app.route("/", participantRoutes);
  app.route("/", calendarRoutes);
  app.route("/", vodRoutes);
  app.route("/", searchRoutes);
  app.route("/", geoRoutes);
  app.route("/", authRoutes);
  app.route("/", deviceRoutes);
  app.route("/", profileRoutes);
  app.route("/", sessionRoutes);
  app.route("/", reminderRoutes);
  app.route("/", scoreRoutes);
  dev(devRoutes);
  dev(devDnsRoutes);
  app.route("/", socialRoutes);
  // Before mediaRoutes: its catch-all /media/:asset/:file would otherwise take /media/vod/… and /media/download/….
  app.route("/", vodPlaybackRoutes);
  app.route("/", clipMediaRoutes);
  app.route("/", downloadRoutes);
  app.route("/", commerceCatalogueRoutes);
  app.route("/", prerollRoutes);
  app.route("/", simulateRoutes);
  app.route("/", webhookRoutes);
  app.route("/", checkoutRoutes);
  app.route("/", ordersRoutes);
  app.route("/", mediaRoutes);
  app.route("/", streamRoutes);
  app.route("/", datalakeRoutes);
  app.route("/", analyticsRoutes);
  app.route("/", consoleRoutes);
  app.route("/", consoleVideoRoutes);
  app.route("/", platformRoutes);
  app.route("/", consoleDomainRoutes);

  app.notFound((c) => c.json({ message: MESSAGES.notFound }, 404));
  app.onError((err, c) => {
    if (err instanceof ThrottledError) c.header("Retry-After", String(err.retryAfter));
    if (err instanceof ApiError) return c.json(err.toBody(), err.status);
    if (err instanceof HTTPException && err.status < 500) return c.json({ message: err.message }, err.status);
    console.error("api error", c.req.method, new URL(c.req.url).pathname, err);
    return c.json({ message: MESSAGES.generic }, 500);
  });
  return app;
}

export interface Api {
  fetch(request: Request, env: Env, ctx?: ExecutionContext): Response | Promise<Response>;
}

/** The API for an env: the production route table, or the one with the dev tools where the env turns them on. */
export function createApi(options: ApiOptions = {}): Api {
  const now = options.now ?? Date.now;
  let production: ReturnType<typeof buildApi> | undefined;
  let local: ReturnType<typeof buildApi> | undefined;
  return {
    fetch(request, env, ctx) {
      const app = devToolsOn(appConfig(env)) ? (local ??= buildApi(now, true)) : (production ??= buildApi(now, false));
      return app.fetch(request, env, ctx);
    },
  };
}

/** The API as the worker and the in-process client use it. */
export const api = createApi();
