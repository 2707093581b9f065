// The Worker's configuration (issue 25): every var and secret of the env, parsed once per env object with zod and
// read typed. Production is the default: APP_ENV unset is production, the committed wrangler.toml says so, and local
// development opts in through `.dev.vars` (scripts/lib/dev-vars.ts). Production refuses to serve without its secrets
// (deployProblems), instead of falling back to a development value.
import { z } from "zod";
import { canonicalHostname, hostnameProblem } from "./contract/domains";
import { cloudflareApiBase } from "./providers/cloudflare-api";

export const APP_ENVS = ["production", "development", "test"] as const;
export type AppEnvName = (typeof APP_ENVS)[number];

/** The development values a local run signs with when `.dev.vars` names none; production refuses them. */
export const DEV_AUTH_SECRET = "dev-only-auth-secret-do-not-use-in-production";
export const DEV_INGEST_SECRET = "dev-only-ingest-secret-do-not-use-in-production";
/** The shortest AUTH_SECRET production accepts: 32 characters, as `openssl rand -base64 32` prints 44. */
export const AUTH_SECRET_MIN_LENGTH = 32;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().trim().min(1).optional());
const httpUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, "must be an http(s) URL")
  .transform((u) => u.replace(/\/+$/, ""));
const optionalUrl = z.preprocess(blankToUndefined, httpUrl.optional());

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

/** CLOUDFLARE_STREAM_SIGNING_JWK: the `jwk` POST /stream/keys answers (base64 of the JWK's JSON), or the JSON itself. */
const signingJwk = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text.startsWith("{") ? text : atob(text)) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be the jwk Stream answered (base64 of a JSON Web Key)" });
        return z.NEVER;
      }
    })
    .pipe(rsaPrivateJwk)
    .optional(),
);

const configSchema = z
  .object({
    APP_ENV: z.preprocess(blankToUndefined, z.enum(APP_ENVS).default("production")),
    /** Root domains whose subdomains name channels by alias (comma-separated). */
    ROOT_DOMAINS: z.preprocess(blankToUndefined, z.string().default("")),
    /** Another deployment's API (the web app then calls it over HTTP); empty: the API in this Worker. */
    API_ORIGIN: optionalUrl,
    /** "1" behind a trusted proxy that sets X-Forwarded-Host (tests, a remote API). */
    TRUST_FORWARDED_HOST: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")).transform((v) => v === "1"),
    /** Signs sessions' links, OAuth state, media URLs and the sandbox's webhooks. */
    AUTH_SECRET: optionalText,
    MAIL_API_KEY: optionalText,
    MAIL_FROM: optionalText,
    MAIL_API_URL: optionalUrl,
    TURNSTILE_SECRET: optionalText,
    TURNSTILE_SITE_KEY: optionalText,
    /** Outside production: a local OAuth/OIDC server standing in for Google and Facebook. */
    OAUTH_LOCAL_ISSUER: optionalUrl,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    // Custom domains (docs/decisions/023): Cloudflare for SaaS with both, the local stand-in without.
    CLOUDFLARE_ZONE_ID: optionalText,
    CLOUDFLARE_API_TOKEN: optionalText,
    CLOUDFLARE_API_BASE: cloudflareApiBase,
    FALLBACK_ORIGIN: z.preprocess(blankToUndefined, z.string().trim().optional()).transform((v) => (v ? canonicalHostname(v) : undefined)),
    // Video (docs/decisions/022): Cloudflare Stream with an account and a token, the local ingest without.
    CLOUDFLARE_STREAM_ACCOUNT_ID: optionalText,
    CLOUDFLARE_STREAM_API_TOKEN: optionalText,
    /** One DNS label: it becomes a host in playback URLs and in the page's CSP. */
    CLOUDFLARE_STREAM_CUSTOMER_CODE: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().regex(/^[a-z0-9]{1,63}$/).optional()),
    /** Where Stream delivers videos (default `https://customer-<code>.cloudflarestream.com`); tests point it at a stand-in. */
    CLOUDFLARE_STREAM_DELIVERY_BASE: optionalUrl,
    CLOUDFLARE_STREAM_WEBHOOK_SECRET: optionalText,
    /** A Stream signing key (POST /stream/keys): its id, and its private key. Both or neither. */
    CLOUDFLARE_STREAM_SIGNING_KEY_ID: z.preprocess(blankToUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]{1,128}$/).optional()),
    CLOUDFLARE_STREAM_SIGNING_JWK: signingJwk,
    /** The secret of the Cloudflare Notifications webhook for "Stream Live Input" (sent as cf-webhook-auth). */
    CLOUDFLARE_STREAM_NOTIFICATION_SECRET: optionalText,
    LOCAL_INGEST_HOST: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z0-9.-]+$/).default("127.0.0.1")),
    LOCAL_INGEST_RTMP_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1024).max(65_000).default(1935)),
    LOCAL_INGEST_SECRET: optionalText,
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.CLOUDFLARE_STREAM_SIGNING_KEY_ID) !== Boolean(c.CLOUDFLARE_STREAM_SIGNING_JWK)) {
      ctx.addIssue({ code: "custom", path: ["CLOUDFLARE_STREAM_SIGNING_KEY_ID"], message: "CLOUDFLARE_STREAM_SIGNING_KEY_ID and CLOUDFLARE_STREAM_SIGNING_JWK go together: set both or neither" });
    }
    if (Boolean(c.CLOUDFLARE_ZONE_ID) !== Boolean(c.CLOUDFLARE_API_TOKEN)) {
      ctx.addIssue({ code: "custom", path: ["CLOUDFLARE_ZONE_ID"], message: "Set both CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN, or neither." });
    }
    if (c.FALLBACK_ORIGIN && hostnameProblem(c.FALLBACK_ORIGIN)) ctx.addIssue({ code: "custom", path: ["FALLBACK_ORIGIN"], message: "FALLBACK_ORIGIN is not a hostname." });
  });

export type AppConfig = z.output<typeof configSchema>;

/** A configuration that cannot be parsed, or production without its secrets: the Worker answers nothing else. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The Worker's configuration cannot serve: ${problems.join(" ")}`);
    this.name = "ConfigError";
  }
}

const parsed = new WeakMap<object, AppConfig>();

/** This env's configuration, parsed on first use (a bad value throws ConfigError naming the variable, never its value). */
export function appConfig(env: object): AppConfig {
  let config = parsed.get(env);
  if (!config) {
    const result = configSchema.safeParse(env);
    if (!result.success) throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}.`));
    config = result.data;
    parsed.set(env, config);
  }
  return config;
}

/** The dev-only tools (outbox, local ingest, DNS and tus stand-ins, schedule mover, payment runner) exist here. */
export const devToolsOn = (config: Pick<AppConfig, "APP_ENV">) => config.APP_ENV !== "production";

/**
 * What production lacks to serve safely: each a sentence naming the variable. Development and tests need nothing
 * (the development values stand in). Production takes payments through Stripe, video through Cloudflare Stream and
 * mail through the mail provider: their local stand-ins are development tools.
 */
export function deployProblems(config: AppConfig): string[] {
  if (devToolsOn(config)) return [];
  const problems: string[] = [];
  const need = (name: keyof AppConfig, why: string) => {
    if (!config[name]) problems.push(`Set ${name} (${why}).`);
  };
  if (!config.AUTH_SECRET || config.AUTH_SECRET === DEV_AUTH_SECRET || config.AUTH_SECRET.length < AUTH_SECRET_MIN_LENGTH) {
    problems.push(`Set AUTH_SECRET to a random value of at least ${AUTH_SECRET_MIN_LENGTH} characters (wrangler secret put AUTH_SECRET).`);
  }
  need("STRIPE_SECRET_KEY", "payments");
  need("STRIPE_WEBHOOK_SECRET", "Stripe's webhook signatures");
  need("STRIPE_PUBLISHABLE_KEY", "the card form");
  need("CLOUDFLARE_STREAM_ACCOUNT_ID", "live and uploaded video");
  need("CLOUDFLARE_STREAM_API_TOKEN", "live and uploaded video");
  need("CLOUDFLARE_STREAM_WEBHOOK_SECRET", "Stream's webhook signatures");
  need("CLOUDFLARE_STREAM_NOTIFICATION_SECRET", "live input notifications");
  need("MAIL_API_KEY", "verification and reset mails");
  need("MAIL_FROM", "the sender of mails");
  return problems;
}

const checked = new WeakSet<object>();

/**
 * The configuration, or ConfigError when production lacks a secret: what the Worker's entry points check first, on
 * every request, so a passing env is remembered.
 */
export function deployableConfig(env: object): AppConfig {
  const config = appConfig(env);
  if (checked.has(env)) return config;
  const problems = deployProblems(config);
  if (problems.length) throw new ConfigError(problems);
  checked.add(env);
  return config;
}

/** `OAUTH_GOOGLE_SECRET_<ALIAS>` for one channel, else `OAUTH_GOOGLE_SECRET` shared by all: names made from data. */
export function oauthClientSecret(env: object, provider: string, alias: string): string | null {
  const vars = env as Record<string, unknown>;
  const base = `OAUTH_${provider.toUpperCase()}_SECRET`;
  const value = vars[`${base}_${alias.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`] ?? vars[base];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}
