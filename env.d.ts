// Secrets and optional settings: set with `wrangler secret put` in production and in .dev.vars locally, so
// `wrangler types` (which reads wrangler.toml) does not see them. Every one is optional.
interface Env {
  /** Signs email links, OAuth state and media URLs. Production serves only with one of 32+ characters (api/env.ts). */
  AUTH_SECRET?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** Where the mail provider's API lives (tests point it at a local stand-in). */
  MAIL_API_URL?: string;
  TURNSTILE_SECRET?: string;
  TURNSTILE_SITE_KEY?: string;
}

// Google and Facebook sign-in (api/providers/oauth/providers.ts). The client ids are channel settings.
interface Env {
  /** Client secrets: `OAUTH_GOOGLE_SECRET_<ALIAS>` for one channel, else these for every channel. */
  OAUTH_GOOGLE_SECRET?: string;
  OAUTH_FACEBOOK_SECRET?: string;
  /** Outside production: a local OAuth/OIDC server (oauth2-mock-server) that stands in for both providers. */
  OAUTH_LOCAL_ISSUER?: string;
}

// Payments (issue 6). Without a publishable key the /buy page shows the sandbox card form instead of Stripe Elements.
interface Env {
  STRIPE_PUBLISHABLE_KEY?: string;
}

// The webhook secret Stripe signs events with (whsec_…); used only when STRIPE_SECRET_KEY is set. The sandbox signs
// with a per-channel secret derived from AUTH_SECRET instead (api/services/commerce/webhook-apply.ts).
interface Env {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}

// Analytics (issue 14). The Workers Analytics Engine dataset that ingestion writes to when bound (see wrangler.toml);
// without it, records go to D1's analytics_records. The dashboard reads the dataset through the SQL API, with the
// account id and an API token allowed to read Account Analytics.
interface Env {
  ANALYTICS?: AnalyticsEngineDataset;
  ANALYTICS_ACCOUNT_ID?: string;
  ANALYTICS_API_TOKEN?: string;
  /** The dataset's name as the SQL API knows it (wrangler.toml's `dataset`). */
  ANALYTICS_DATASET?: string;
}

// Custom domains (issue 16, docs/decisions/023). With both set, owners' domains are Cloudflare for SaaS custom
// hostnames of this zone (the token needs "SSL and Certificates: Edit" on it); without them, the local stand-in
// verifies against the local DNS table.
interface Env {
  CLOUDFLARE_ZONE_ID?: string;
  CLOUDFLARE_API_TOKEN?: string;
  /** Cloudflare's REST API (https://api.cloudflare.com/client/v4 when empty); tests point it at a local stand-in. */
  CLOUDFLARE_API_BASE?: string;
}

// Video (issue 16, docs/decisions/022). Cloudflare Stream serves live inputs and uploads when its account id and API
// token are set (api/providers/video/index.ts); otherwise the local stand-in does, with `npm run ingest:local`.
interface Env {
  CLOUDFLARE_STREAM_ACCOUNT_ID?: string;
  CLOUDFLARE_STREAM_API_TOKEN?: string;
  /** customer-<code>.cloudflarestream.com: where Stream's signed playback URLs live. */
  CLOUDFLARE_STREAM_CUSTOMER_CODE?: string;
  /** Where Stream delivers videos (empty: https://customer-<code>.cloudflarestream.com); tests point it at a stand-in. */
  CLOUDFLARE_STREAM_DELIVERY_BASE?: string;
  /** The secret Stream answered when the webhook URL (/api/video/webhook) was set. */
  CLOUDFLARE_STREAM_WEBHOOK_SECRET?: string;
  CLOUDFLARE_STREAM_NOTIFICATION_SECRET?: string;
  /** A Stream signing key (POST /stream/keys): its `id`, and its `jwk` as answered. Tokens are then signed here. */
  CLOUDFLARE_STREAM_SIGNING_KEY_ID?: string;
  CLOUDFLARE_STREAM_SIGNING_JWK?: string;
  /** Outside production: the shared secret of the local ingest process (a development value when empty). */
  LOCAL_INGEST_SECRET?: string;
}

// A WebAssembly file imported as a compiled module (wrangler's CompiledWasm rule): resvg (issue 28, ADR 037).
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
