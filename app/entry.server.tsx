import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/cloudflare";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { googleTagHostsAllowed, googleTagId } from "~/features/analytics/google-tag-rules";
import { InlineTranslationsContext } from "~/lib/inline-translations";
import { NonceContext } from "~/lib/nonce";
import type { RouteHandle } from "~/lib/route-handle";
import { readConsent } from "~/server/cookies.server";
import { getI18nInstance, inlineTranslations } from "~/server/i18n.server";
import { applySecurityHeaders, frameAncestorsFor } from "~/server/security.server";
import { streamPlaybackOrigin, usesStream, videoSettings } from "@api/providers/video";
import { applyExpiredSession, applyViewerCookie } from "~/server/session.server";

// worker.ts takes these from the server build, so the web app and the API exist once in the Worker's bundle
// (one copy of every module, its caches and its error classes).
export { api } from "@api/index";
export { consumeBatch } from "@api/jobs/queue";
export { runScheduled } from "@api/jobs/scheduled";
export { getLoadContext } from "~/server/load-context";
export { applyBaseSecurityHeaders, foreignOriginResponse, isForeignMutation } from "~/server/security.server";

// Full rendering (renderToString): it costs a fraction of the CPU of streaming on Workers (docs/decisions/004).
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  context: AppLoadContext,
) {
  const i18n = await getI18nInstance(context.tenant.lang);
  const translations = inlineTranslations(context.tenant.lang, routeNamespaces(remixContext));
  const renderStart = performance.now();
  const html = renderToString(
    <NonceContext.Provider value={context.nonce}>
      <InlineTranslationsContext.Provider value={translations}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} nonce={context.nonce} />
        </I18nextProvider>
      </InlineTranslationsContext.Provider>
    </NonceContext.Provider>,
  );
  const renderMs = performance.now() - renderStart;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "private, no-cache");
  headers.append("Vary", "Cookie");
  applySecurityHeaders(headers, {
    nonce: context.nonce,
    url: new URL(request.url),
    config: context.config,
    document: true,
    frameAncestors: documentFrameAncestors(remixContext, context),
    googleTag: documentAllowsGoogleTag(remixContext, context, request),
    streamUploads: usesStream(videoSettings(context.env)),
    mediaOrigin: streamPlaybackOrigin(context.env),
  });
  applyExpiredSession(headers, request, context.session);
  applyViewerCookie(headers, request, context.viewer);
  headers.append("Server-Timing", `ssr;dur=${renderMs.toFixed(2)}`);
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}

const routeHandles = (remixContext: EntryContext) => remixContext.staticHandlerContext.matches.map((m) => remixContext.routeModules[m.route.id]?.handle);

/** The locale namespaces the matched routes declare (`handle.i18n`), as remix-i18next reads them in the browser. */
const routeNamespaces = (remixContext: EntryContext): string[] => routeHandles(remixContext).flatMap((h) => (h as RouteHandle | undefined)?.i18n ?? []);

/** Who may frame this document: the channel's embed origins on a route that declares itself embeddable, else nobody. */
function documentFrameAncestors(remixContext: EntryContext, context: AppLoadContext): readonly string[] {
  if (context.tenant.kind !== "ok") return [];
  return frameAncestorsFor(routeHandles(remixContext), context.tenant.bootstrap.settings["embed.allowed_origins"]);
}

/** Whether this document's CSP lets the channel's Google tag in: a tag id, no refusal, not the plain (embed) layout. */
function documentAllowsGoogleTag(remixContext: EntryContext, context: AppLoadContext, request: Request): boolean {
  if (context.tenant.kind !== "ok") return false;
  const handles = routeHandles(remixContext);
  const plain = (handles[handles.length - 1] as RouteHandle | undefined)?.layout === "plain";
  return googleTagHostsAllowed(googleTagId(context.tenant.bootstrap.settings["google-analytics"]), readConsent(request), plain);
}

// Data requests are JSON (no CSP): they keep X-Frame-Options: DENY, whatever route they come from.
export const handleDataRequest: HandleDataRequestFunction = (response, { context, request }) => {
  applySecurityHeaders(response.headers, { nonce: context.nonce, url: new URL(request.url), config: context.config, document: false });
  applyExpiredSession(response.headers, request, context.session);
  applyViewerCookie(response.headers, request, context.viewer);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  // A 4xx Remix answers itself (a POST to a page without an action is its 405) is the client's, not a server error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (!request.signal.aborted) console.error(error);
}
