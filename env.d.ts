// Secrets and optional settings: set with `wrangler secret put` in production and in .dev.vars locally, so
// `wrangler types` (which reads wrangler.toml) does not see them. Every one is optional.
interface Env {
  /** Signs email links and OAuth state. Required in production (api/lib/secrets.ts). */
  AUTH_SECRET?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** Where the mail provider's API lives (tests point it at a local stand-in). */
  MAIL_API_URL?: string;
  TURNSTILE_SECRET?: string;
  TURNSTILE_SITE_KEY?: string;
}
