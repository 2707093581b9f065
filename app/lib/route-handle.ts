// What a route may declare in its `handle` export, read by the root layout and by the document's security headers.
export interface RouteHandle {
  /** "plain": no header, footer, skip link or cookie notice around the page (the embed player). */
  layout?: "plain";
  /**
   * The page may be framed by the channel's `embed.allowed_origins` (CSP frame-ancestors, no X-Frame-Options).
   * Read on the deepest matched route only (see frameAncestorsFor in app/server/security.server.ts).
   */
  embeddable?: boolean;
  /** Locale namespaces the page needs besides the ones every page loads (app/lib/i18n.ts). */
  i18n?: string[];
}
