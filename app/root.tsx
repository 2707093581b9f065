import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { GoogleTag } from "~/features/analytics/google-tag-loader";
import { googleTagId } from "~/features/analytics/google-tag-rules";
import { ChannelNotFound } from "~/features/shell/ChannelNotFound";
import { CookieNotice } from "~/features/shell/CookieNotice";
import { NotFoundView } from "~/features/shell/NotFoundView";
import { readFlashToast } from "~/server/toast.server";
import { ToastProvider } from "~/ui/Toasts";
import { ReloadScreen } from "~/features/shell/ReloadScreen";
import { SiteFooter } from "~/features/shell/SiteFooter";
import { SiteHeader } from "~/features/shell/SiteHeader";
import { FlashNotice } from "~/ui/FlashNotice";
import { menuFor } from "~/lib/menu";
import type { RouteHandle } from "~/lib/route-handle";
import { InlineTranslations } from "~/lib/inline-translations";
import { useNonce } from "~/lib/nonce";
import { AnalyticsProvider } from "~/features/analytics/AnalyticsProvider";
import { themeCss } from "~/lib/theme";
import { blocksFor } from "~/server/content.server";
import { readConsent } from "~/server/cookies.server";
import { requireTenant } from "~/server/guards.server";
import { loadFollowing } from "~/features/favorites/following.server";
import { LiveEventsProvider } from "~/features/events/LiveEventsProvider";
import { SpoilerSafeProvider } from "~/features/scores/SpoilerSafe";
import { scoresHidden } from "~/features/scores/spoilers";
import appCss from "~/styles/app.css?url";
import shellCss from "~/styles/shell.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "stylesheet", href: shellCss },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const { bootstrap, channel, lang } = tenant;
  const { settings, menu, pages, static_blocks } = bootstrap;
  const { user } = context.session;
  const consent = readConsent(request);
  return {
    // Only what the header shows: the page data is visible to scripts.
    user: user ? { name: `${user.first_name} ${user.last_name}`.trim(), firstName: user.first_name, email: user.email, owner: user.can_manage_channel } : null,
    // What the follow buttons show (issue 12); reloaded after every POST, like the rest of this loader.
    following: await loadFollowing(context),
    lang,
    languages: channel.languages,
    siteName: settings.title ?? channel.name,
    channelName: channel.name,
    // The first-party analytics service (issue 14), when the channel has a profile for it, and who it reports.
    analytics: settings["yare-analytics"] ? { profile: settings["yare-analytics"], endpoint: "/api", user: user ? { id: user.id, email: user.email } : null } : null,
    description: settings.description,
    logo: settings.logo,
    favicon: settings.favicon,
    scheme: settings.theme,
    // The colours only; the CSS is derived in render, so the page does not carry it twice (style + hydration data).
    colors: bootstrap.color_settings,
    font: settings.font,
    headerMenu: menuFor(menu, "header"),
    footerMenu: menuFor(menu, "footer"),
    footerBlocks: blocksFor(static_blocks, "footer"),
    contacts: settings.contacts,
    social: settings.social,
    privacyUrl: pages.some((p) => p.url === "/privacy_policy") ? "/privacy_policy" : null,
    showCookieNotice: consent === null,
    // The cookie notice's answer, and the channel's Google tag (loaded only after an Accept).
    consent,
    googleTagId: googleTagId(settings["google-analytics"]),
    // The player's seek step (SPEC §9), seconds.
    seekStep: settings["player.seek_step_s"],
    // Spoiler-safe (issue 27): the one reading of the viewer's choice, for every score the pages render: the account's
    // when signed in (it follows them to every device), else this browser's cookie.
    hideScores: user ? user.hide_scores : scoresHidden(request.headers.get("Cookie")),
    spoilersOnAccount: user !== null,
    // A toast an action's redirect left for this page (its cookie is cleared by the page once shown).
    toast: readFlashToast(request),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error || !data ? [] : [{ title: data.siteName }, ...(data.description ? [{ name: "description", content: data.description }] : [])];

// Channel data changes rarely: reload it only after a form submission (language, consent, sign-in…).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const plain = usePlainLayout();
  const { i18n } = useTranslation();
  const lang = data?.lang ?? i18n.language ?? "en";
  const css = useMemo(() => (data ? themeCss(data.colors, { scheme: data.scheme, font: data.font }) : null), [data]);
  // Marks the document once React has hydrated it (tests wait for this before driving timers).
  useEffect(() => void document.documentElement.setAttribute("data-hydrated", "true"), []);
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data ? <meta name="color-scheme" content={data.scheme} /> : null}
        <Meta />
        <ErrorTitle />
        {data?.favicon ? <link rel="icon" href={data.favicon} /> : null}
        <Links />
        {css ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} /> : null}
      </head>
      <body>
        {data ? (
          plain ? (
            <PlainShell lang={data.lang}>{children}</PlainShell>
          ) : (
            <Shell data={data}>{children}</Shell>
          )
        ) : (
          children
        )}
        {/* Scroll restoration keeps positions in sessionStorage, which a browser may deny to a page framed by another
            site (third-party storage blocked): the embed player has nothing to restore, so it goes without. */}
        {plain ? null : <ScrollRestoration nonce={nonce} />}
        {data?.analytics ? <AnalyticsProvider config={data.analytics} user={data.analytics.user} /> : null}
        <InlineTranslations />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ data, children }: { data: RootData; children: ReactNode }) {
  const { t } = useTranslation();
  useChangeLanguage(data.lang);
  // The footer's "Cookie settings" opens the notice again (a fresh one each time); closing it returns focus there.
  const [cookieSettings, setCookieSettings] = useState(0);
  const settingsTrigger = useRef<HTMLElement | null>(null);
  const openCookieSettings = useCallback(() => {
    settingsTrigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setCookieSettings((n) => n + 1);
  }, []);
  const closeCookieSettings = useCallback(() => {
    setCookieSettings(0);
    settingsTrigger.current?.focus();
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <SiteHeader data={data} />
      <main id="main" tabIndex={-1}>
        <FlashNotice />
        {children}
      </main>
      <SiteFooter data={data} onCookieSettings={openCookieSettings} />
      {cookieSettings ? (
        <CookieNotice key={cookieSettings} privacyUrl={data.privacyUrl} current={data.consent} onDismiss={closeCookieSettings} />
      ) : data.showCookieNotice ? (
        <CookieNotice privacyUrl={data.privacyUrl} />
      ) : null}
      <GoogleTag id={data.googleTagId} consent={data.consent} />
    </>
  );
}

/** Whether the page asked for the plain layout (its deepest route's `handle.layout`). */
function usePlainLayout(): boolean {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.layout === "plain";
}

/** The embed player's frame: the page alone, no header, footer, skip link or cookie notice (a partner site hosts it). */
function PlainShell({ lang, children }: { lang: RootData["lang"]; children: ReactNode }) {
  useChangeLanguage(lang);
  return (
    <main id="main" className="plain" tabIndex={-1}>
      {children}
    </main>
  );
}

// One manager of the live-state connections for the document (issue 26): it outlives navigations, so a watch page and
// the cards of the page before it share a connection to the same event.
export default function App() {
  const { hideScores, spoilersOnAccount, toast } = useLoaderData<typeof loader>();
  return (
    <LiveEventsProvider>
      <SpoilerSafeProvider hidden={hideScores} onAccount={spoilersOnAccount}>
        <ToastProvider flash={toast}>
          <Outlet />
        </ToastProvider>
      </SpoilerSafeProvider>
    </LiveEventsProvider>
  );
}

/** The document title of an error page (meta functions cannot translate). */
function ErrorTitle() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!error) return null;
  const code = isRouteErrorResponse(error) ? (error.data as { code?: string } | null)?.code : undefined;
  if (code === "channel_not_found") return <title>{t("channelNotFound.title")}</title>;
  if (code === "unavailable") return <title>{t("titles.unavailable")}</title>;
  if (isRouteErrorResponse(error) && error.status === 404) return <title>{t("titles.notFound")}</title>;
  return <title>{t("errors.generic")}</title>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) {
    const code = (error.data as { code?: string } | null)?.code;
    if (code === "channel_not_found") return <ChannelNotFound />;
    if (code === "unavailable") return <ReloadScreen />;
    if (error.status === 404) return <NotFoundView />;
    // A post whose body the action could not read (app/server/form.server.ts): a plain message, not a crash.
    if (code === "unsupported_form" || code === "bad_form") {
      return (
        <section className="page narrow" role="alert" data-testid="form-unreadable">
          <h1>{t("errors.formUnreadable")}</h1>
        </section>
      );
    }
  }
  // SPEC §8's global error state (429, an outage, a failed load after the page was up): what happened, and a way on
  // that the viewer chooses (no automatic retry).
  const busy = isRouteErrorResponse(error) && (error.status === 429 || error.status === 503);
  return (
    <section className="page narrow global-error" role="alert">
      <h1>{t(busy ? "errors.unavailable" : "errors.generic")}</h1>
      <p className="global-error__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t("reload.button")}
        </button>
        <a href="/" className="button button--secondary">
          {t("errors.home")}
        </a>
      </p>
    </section>
  );
}
