// Security headers on every web response (documents, data requests, resource routes and redirects), and the
// refusal of state-changing requests sent from another origin.
import { devToolsOn, type AppConfig } from "../../api/env";

/** Where sign-in forms may lead: the providers' authorization pages (a form-submission redirect is checked too). */
// Facebook may send its dialog on to m. or web.facebook.com, and Chrome checks form-action on every redirect.
const OAUTH_FORM_ORIGINS = ["https://accounts.google.com", "https://www.facebook.com", "https://m.facebook.com", "https://web.facebook.com"];
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
/** Stripe.js and its Elements frames (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_SCRIPT = "https://js.stripe.com";
const STRIPE_FRAMES = ["https://js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_CONNECT = "https://api.stripe.com";
/** The Google tag (gtag.js) and GA4's hits (https://developers.google.com/tag-platform/security/guides/csp). */
const GOOGLE_TAG_SCRIPT = "https://www.googletagmanager.com";
/** The Cast sender SDK (issue 15): the player loads it in Chrome-family browsers (app/features/player/cast.ts). */
const CAST_SCRIPT = "https://www.gstatic.com";
/** Where the console sends a direct upload's bytes with tus when Cloudflare Stream holds the videos (ADR 025). */
const STREAM_UPLOAD_CONNECT = "https://upload.videodelivery.net";
const GOOGLE_TAG_HITS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];
const GOOGLE_TAG_IMAGES = ["https://*.google-analytics.com", "https://*.googletagmanager.com"];

export interface SecurityOptions {
  /** Per-request nonce for inline scripts and styles. */
  nonce: string;
  /**
   * Who may frame the document (CSP host sources). Empty or absent: nobody. Only a route that declares itself
   * embeddable (`handle.embed`, see `frameAncestorsFor`) passes a list; every other document stays unframeable.
   */
  frameAncestors?: readonly string[];
  /** Let the channel's Google tag in (it has one and the visitor did not decline; see googleTagHostsAllowed). */
  googleTag?: boolean;
  /** Cloudflare Stream holds the videos (usesStream(videoSettings(env))): the console may send uploads to it. */
  streamUploads?: boolean;
  /**
   * Where hosted video plays from (Cloudflare Stream's `https://customer-<code>.cloudflarestream.com`, see
   * streamPlaybackOrigin), or null: the player fetches its manifests, segments and poster from there.
   */
  mediaOrigin?: string | null;
  /** The request URL: HSTS is sent everywhere except local hosts. */
  url: URL;
  /** The parsed configuration (api/env.ts): what the policy allows depends on it. */
  config: Pick<AppConfig, "APP_ENV"> & Partial<Pick<AppConfig, "OAUTH_LOCAL_ISSUER" | "TURNSTILE_SITE_KEY" | "STRIPE_PUBLISHABLE_KEY">>;
}

export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]";
}

/** A CSP host source as the settings schema allows it: anything else (spaces, `;`, quotes) could inject directives. */
const HOST_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i;

/** The `frame-ancestors` value: the valid host sources given, or 'none' when there are none. */
export function frameAncestorsSource(origins: readonly string[] | undefined): string {
  const valid = (origins ?? []).filter((o) => HOST_SOURCE.test(o));
  return valid.length ? valid.join(" ") : "'none'";
}

/** Whether a CSP lets other sites frame the page (a `frame-ancestors` directive other than 'none'). */
export function cspAllowsFraming(csp: string | null): boolean {
  const directive = csp
    ?.split(";")
    .map((d) => d.trim())
    .find((d) => /^frame-ancestors(\s|$)/i.test(d));
  if (!directive) return false;
  const value = directive.slice("frame-ancestors".length).trim();
  return value !== "" && value !== "'none'";
}

export function contentSecurityPolicy({ nonce, config, frameAncestors, googleTag = false, streamUploads = false, mediaOrigin = null }: Omit<SecurityOptions, "url">): string {
  const formOrigins = [...OAUTH_FORM_ORIGINS];
  // The local OAuth server stands in for Google and Facebook outside production.
  if (config.OAUTH_LOCAL_ISSUER && devToolsOn(config)) formOrigins.push(new URL(config.OAUTH_LOCAL_ISSUER).origin);
  const captcha = config.TURNSTILE_SITE_KEY ? ` ${TURNSTILE_ORIGIN}` : "";
  // Stripe Elements only when the channel pays through Stripe; the sandbox card form is ours.
  const stripe = Boolean(config.STRIPE_PUBLISHABLE_KEY);
  const stripeScript = stripe ? ` ${STRIPE_SCRIPT}` : "";
  const stripeFrames = stripe ? ` ${STRIPE_FRAMES.join(" ")}` : "";
  const stripeConnect = stripe ? ` ${STRIPE_CONNECT}` : "";
  const tagScript = googleTag ? ` ${GOOGLE_TAG_SCRIPT}` : "";
  const tagImages = googleTag ? ` ${GOOGLE_TAG_IMAGES.join(" ")}` : "";
  const tagHits = googleTag ? ` ${GOOGLE_TAG_HITS.join(" ")}` : "";
  const streamConnect = streamUploads ? ` ${STREAM_UPLOAD_CONNECT}` : "";
  // Exactly the one host (never a wildcard), and only a valid host source: it ends up inside the header.
  const media = mediaOrigin && HOST_SOURCE.test(mediaOrigin) && !mediaOrigin.includes("*") ? ` ${mediaOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${captcha}${stripeScript}${tagScript} ${CAST_SCRIPT}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}${tagImages}`,
    `media-src 'self' blob:${media}`,
    "font-src 'self' data:",
    `connect-src 'self'${media}${stripeConnect}${tagHits}${streamConnect}`,
    "worker-src 'self' blob:",
    `frame-src 'self'${captcha}${stripeFrames}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formOrigins.join(" ")}`,
    `frame-ancestors ${frameAncestorsSource(frameAncestors)}`,
  ].join("; ");
}

/**
 * The headers every response carries, whatever produced it. `keepExisting` leaves values already set alone.
 * X-Frame-Options: DENY goes everywhere except on a response whose own CSP lets it be framed (the embed page): XFO
 * has no allow-list, and browsers that know frame-ancestors let it decide over XFO anyway.
 */
export function applyBaseSecurityHeaders(headers: Headers, url: URL, options: { keepExisting?: boolean } = {}): void {
  const set = (name: string, value: string) => {
    if (!options.keepExisting || !headers.has(name)) headers.set(name, value);
  };
  set("X-Content-Type-Options", "nosniff");
  set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!cspAllowsFraming(headers.get("Content-Security-Policy"))) set("X-Frame-Options", "DENY");
  // Browsers ignore (and complain about) COOP on an untrustworthy origin, i.e. plain http that is not local.
  if (url.protocol === "https:" || isLocalHost(url.hostname)) set("Cross-Origin-Opener-Policy", "same-origin");
  set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  if (!isLocalHost(url.hostname)) set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Documents also get the CSP; other responses (JSON, text, redirects) cannot run scripts. */
export function applySecurityHeaders(headers: Headers, options: SecurityOptions & { document: boolean }): void {
  if (options.document) headers.set("Content-Security-Policy", contentSecurityPolicy(options));
  applyBaseSecurityHeaders(headers, options.url);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from another origin (a cross-site form post). Browsers send Origin on
 * every POST; without it, Sec-Fetch-Site tells. Requests without either (curl, server-to-server) carry no
 * ambient browser credentials worth forging, so they pass.
 */
export function isForeignMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const host = request.headers.get("host") ?? new URL(request.url).host;
  const origin = request.headers.get("origin");
  if (origin) {
    if (origin === "null") return true;
    try {
      return new URL(origin).host.toLowerCase() !== host.toLowerCase();
    } catch {
      return true;
    }
  }
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** The answer to a refused cross-origin mutation. */
export function foreignOriginResponse(url: URL): Response {
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  applyBaseSecurityHeaders(headers, url);
  return new Response("Cross-origin form submissions are not accepted.\n", { status: 403, headers });
}

/**
 * The origins that may frame a document: the channel's `embed.allowed_origins` when the deepest matched route (the
 * page itself, not a layout above it) declares `handle.embeddable`; otherwise none. Parents do not pass it down, so
 * one flag on one route is the whole exception.
 */
export function frameAncestorsFor(handles: readonly unknown[], allowedOrigins: readonly string[]): readonly string[] {
  const leaf = handles[handles.length - 1] as { embeddable?: unknown } | null | undefined;
  return leaf?.embeddable === true ? allowedOrigins : [];
}
