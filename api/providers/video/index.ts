// Which video provider serves a request (issue 16): Cloudflare Stream when its account id and API token are set,
// the local stand-in otherwise (development, tests, demos). The settings are read once per env with zod, so a
// malformed value is a clear start-up error rather than a failed call later.
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { cloudflareApiBase } from "../cloudflare-api";
import { liveInputs } from "../../db/schema";
import { CloudflareStreamProvider, streamOrigin } from "./cloudflare-stream";
import { localIngestPort, LocalVideoProvider } from "./local";
import type { VideoProvider } from "./types";

const DEV_INGEST_SECRET = "dev-only-ingest-secret-do-not-use-in-production";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().trim().min(1).optional());

/** An RSA private key as a JWK: what a Stream signing key's `jwk` holds. */
const rsaPrivateJwk = z.object({
  kty: z.literal("RSA"),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
});

/**
 * CLOUDFLARE_STREAM_SIGNING_JWK: the `jwk` field POST /stream/keys answers (base64 of the JWK's JSON), or the JSON
 * itself. Parsed here, so a key pasted wrong stops the Worker at start-up with a clear message.
 */
const signingJwk = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text.startsWith("{") ? text : atob(text)) as unknown;
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be the jwk Stream answered (base64 of a JSON Web Key)" });
        return z.NEVER;
      }
    })
    .pipe(rsaPrivateJwk)
    .optional(),
);

const videoEnvSchema = z.object({
  APP_ENV: z.string().default("development"),
  CLOUDFLARE_STREAM_ACCOUNT_ID: optionalText,
  CLOUDFLARE_STREAM_API_TOKEN: optionalText,
  // One DNS label: it becomes a host in playback URLs and in the page's CSP.
  CLOUDFLARE_STREAM_CUSTOMER_CODE: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().regex(/^[a-z0-9]{1,63}$/).optional()),
  CLOUDFLARE_API_BASE: cloudflareApiBase,
  /**
   * Where Stream delivers videos (signed playback and MP4 URLs, and the Worker's copies of clip MP4s): by default
   * `https://customer-<code>.cloudflarestream.com`; tests point it at a local stand-in. An http(s) origin or base.
   */
  CLOUDFLARE_STREAM_DELIVERY_BASE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, "must be an http(s) URL")
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
  ),
  CLOUDFLARE_STREAM_WEBHOOK_SECRET: optionalText,
  /** A Stream signing key (POST /stream/keys): its id, and its private key. Both or neither. */
  CLOUDFLARE_STREAM_SIGNING_KEY_ID: z.preprocess(blankToUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]{1,128}$/).optional()),
  CLOUDFLARE_STREAM_SIGNING_JWK: signingJwk,
  /** The secret of the Cloudflare Notifications webhook destination for "Stream Live Input" (sent as cf-webhook-auth). */
  CLOUDFLARE_STREAM_NOTIFICATION_SECRET: optionalText,
  LOCAL_INGEST_HOST: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z0-9.-]+$/).default("127.0.0.1")),
  LOCAL_INGEST_RTMP_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1024).max(65_000).default(1935)),
  LOCAL_INGEST_SECRET: optionalText,
}).refine((s) => Boolean(s.CLOUDFLARE_STREAM_SIGNING_KEY_ID) === Boolean(s.CLOUDFLARE_STREAM_SIGNING_JWK), {
  message: "CLOUDFLARE_STREAM_SIGNING_KEY_ID and CLOUDFLARE_STREAM_SIGNING_JWK go together: set both or neither",
  path: ["CLOUDFLARE_STREAM_SIGNING_KEY_ID"],
});
export type VideoSettings = z.output<typeof videoEnvSchema>;

const parsed = new WeakMap<object, VideoSettings>();

/** The video settings of this env, parsed once. */
export function videoSettings(env: Env): VideoSettings {
  let settings = parsed.get(env);
  if (!settings) {
    const result = videoEnvSchema.safeParse(env);
    if (!result.success) throw new Error(`video settings: ${result.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
    settings = result.data;
    parsed.set(env, settings);
  }
  return settings;
}

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
  if (s.APP_ENV === "production") return null;
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
