// Which video provider serves a request (issue 16): Cloudflare Stream when its account id and API token are set,
// the local stand-in otherwise (development and tests). The settings are the Worker's configuration (api/env.ts), so a
// malformed value is a clear start-up error rather than a failed call later.
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appConfig, devToolsOn, DEV_INGEST_SECRET, type AppConfig } from "../../env";
import { liveInputs } from "../../db/schema";
import { CloudflareStreamProvider, streamOrigin } from "./cloudflare-stream";
import { localIngestPort, LocalVideoProvider } from "./local";
import type { VideoProvider } from "./types";

/** The video settings: the Worker's configuration (api/env.ts), parsed once per env. */
export type VideoSettings = AppConfig;
export const videoSettings = (env: object): VideoSettings => appConfig(env);

/** Stream is on when both its account and token are configured. */
export const usesStream = (s: VideoSettings) => Boolean(s.CLOUDFLARE_STREAM_ACCOUNT_ID && s.CLOUDFLARE_STREAM_API_TOKEN);

/** Where Stream delivers videos: CLOUDFLARE_STREAM_DELIVERY_BASE, else the customer's host; null when neither is set. */
export const streamDeliveryBase = (s: VideoSettings): string | null =>
  s.CLOUDFLARE_STREAM_DELIVERY_BASE ?? (s.CLOUDFLARE_STREAM_CUSTOMER_CODE ? streamOrigin(s.CLOUDFLARE_STREAM_CUSTOMER_CODE) : null);

/**
 * The origin Stream plays from (`https://customer-<code>.cloudflarestream.com`, or the delivery base's origin) when
 * Stream is on and one of them is set; null otherwise. The page's CSP lets the player reach exactly this host.
 */
export function streamPlaybackOrigin(env: Env): string | null {
  const s = videoSettings(env);
  const base = usesStream(s) ? streamDeliveryBase(s) : null;
  return base ? new URL(base).origin : null;
}

/** The shared secret of the local ingest process; null in production, where the local ingest does not exist. */
export function localIngestSecret(env: Env): string | null {
  const s = videoSettings(env);
  if (!devToolsOn(s)) return null;
  return s.LOCAL_INGEST_SECRET ?? DEV_INGEST_SECRET;
}

export function videoProvider(env: Env, db: Db, fetcher?: typeof fetch): VideoProvider {
  const s = videoSettings(env);
  if (usesStream(s)) {
    return new CloudflareStreamProvider({
      accountId: s.CLOUDFLARE_STREAM_ACCOUNT_ID!,
      apiToken: s.CLOUDFLARE_STREAM_API_TOKEN!,
      customerCode: s.CLOUDFLARE_STREAM_CUSTOMER_CODE ?? null,
      apiBase: s.CLOUDFLARE_API_BASE,
      deliveryBase: s.CLOUDFLARE_STREAM_DELIVERY_BASE,
      webhookSecret: s.CLOUDFLARE_STREAM_WEBHOOK_SECRET,
      signingKey: s.CLOUDFLARE_STREAM_SIGNING_KEY_ID && s.CLOUDFLARE_STREAM_SIGNING_JWK ? { id: s.CLOUDFLARE_STREAM_SIGNING_KEY_ID, jwk: s.CLOUDFLARE_STREAM_SIGNING_JWK } : undefined,
      fetch: fetcher,
    });
  }
  return new LocalVideoProvider({
    bucket: env.MEDIA,
    host: s.LOCAL_INGEST_HOST,
    basePort: s.LOCAL_INGEST_RTMP_PORT,
    portsInUse: async () => {
      const rows = await db
        .select({ url: liveInputs.ingestUrl })
        .from(liveInputs)
        .where(and(eq(liveInputs.provider, "local"), ne(liveInputs.status, "ended")));
      return rows.map((r) => localIngestPort(r.url)).filter((p): p is number => p !== null);
    },
  });
}

export * from "./types";
export { CloudflareStreamProvider } from "./cloudflare-stream";
export { LocalVideoProvider } from "./local";
