import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EventHeader } from "~/features/events/EventHeader";
import { metaWithSocial } from "~/features/events/social-meta";
import { catalogueLinks } from "~/features/events/links";
import { Player } from "~/features/player/Player";
import { absoluteUrl, eventSummary, loadEvent } from "~/server/events.server";
import { requireTenant } from "~/server/guards.server";
import { markExpired } from "~/server/session.server";
import type { PlaybackResult } from "~/server/api/playback.server";
import { matchup } from "~/lib/format";
import playerCss from "~/styles/player.css?url";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const event = await loadEvent(context, params.id);
  const { session } = context;
  // Nothing to grant before the start; the page counts down and asks again then.
  const playback: PlaybackResult =
    event.stream_status === "upcoming"
      ? { kind: "upcoming" }
      : await requireTenant(context).playback.playback(event.id, session.token, () => markExpired(session));
  const title = matchup(event);
  return {
    event,
    playback,
    meta: { title, description: event.description ?? eventSummary(event) },
    social: { url: absoluteUrl(context, `/watch/${event.id}`)!, image: absoluteUrl(context, event.poster), type: "video.other" as const },
  };
}

export const links: LinksFunction = () => [...catalogueLinks(), { rel: "stylesheet", href: playerCss }];

export const meta = metaWithSocial;

/** Renew the media token this long before it expires (ADR 010: tokens live ≤ 10 min). */
const RENEW_BEFORE_MS = 60_000;

export default function Watch() {
  const { event, playback } = useLoaderData<typeof loader>();
  const { t } = useTranslation("player");
  const revalidator = useRevalidator();
  const grant = playback.kind === "allowed" ? playback.grant : null;
  // The manifest of the first grant keeps playing; renewals only swap the token (the player's request filter).
  const [manifest, setManifest] = useState(grant?.dash ?? null);
  useEffect(() => {
    if (grant && !manifest) setManifest(grant.dash);
  }, [grant, manifest]);

  const expiresAt = grant?.expires_at;
  useEffect(() => {
    if (!expiresAt) return;
    const wait = Math.max(5_000, Date.parse(expiresAt) - Date.now() - RENEW_BEFORE_MS);
    const timer = setTimeout(() => revalidator.revalidate(), wait);
    return () => clearTimeout(timer);
    // revalidator changes identity with its state; the timer depends on the grant only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiresAt]);

  const here = `/watch/${event.id}`;
  let stage = null;
  let overlay = null;
  if (grant && manifest) {
    stage = <Player key={event.id} eventId={event.id} manifest={manifest} token={grant.token} poster={grant.poster ?? event.poster} title={matchup(event)} />;
  } else if (playback.kind === "upcoming") {
    overlay = <Countdown startsAt={event.event_utc_ts} onStart={() => revalidator.state === "idle" && revalidator.revalidate()} />;
  } else if (playback.kind === "refused" && playback.reason === "login") {
    const back = encodeURIComponent(here);
    overlay = (
      <Panel testId="watch-login">
        <p>{t("login.title")}</p>
        <div className="watch__actions">
          <Link className="button button--primary" to={`/login?redirectTo=${back}`}>
            {t("login.login")}
          </Link>
          <Link className="button" to={`/registration?redirectTo=${back}`}>
            {t("login.register")}
          </Link>
        </div>
      </Panel>
    );
  } else if (playback.kind === "refused" && playback.reason === "purchase") {
    overlay = (
      <Panel testId="watch-purchase">
        <p>{t("purchase.title")}</p>
        <div className="watch__actions">
          <Link className="button button--primary" to={`/buy?event_id=${event.id}`}>
            {t("purchase.buy")}
          </Link>
          <Link className="button" to="/packages">
            {t("purchase.packages")}
          </Link>
        </div>
      </Panel>
    );
  } else if (playback.kind === "refused") {
    overlay = (
      <Panel testId="watch-geo">
        <p role="alert">{t("geo")}</p>
      </Panel>
    );
  } else if (playback.kind === "unavailable") {
    overlay = (
      <Panel testId="watch-unavailable">
        <p>{t("unavailable")}</p>
      </Panel>
    );
  }

  return (
    <div className="page watch" data-playback={playback.kind}>
      <EventHeader event={event} stage={stage} overlay={overlay} />
    </div>
  );
}

function Panel({ testId, children }: { testId: string; children: React.ReactNode }) {
  return (
    <div className="watch__overlay">
      <div className="watch__panel" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

/** Seconds to the start, counted on the client in 1-s steps; at 0 the page asks the loader for the grant. */
function Countdown({ startsAt, onStart }: { startsAt: string; onStart: () => void }) {
  const { t } = useTranslation("player");
  const start = Date.parse(startsAt);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const left = now === null ? null : Math.max(0, Math.ceil((start - now) / 1000));
  useEffect(() => {
    // Retried every second while the API still answers "upcoming" (clocks can differ by a moment).
    if (left === 0) onStart();
  }, [left, now, onStart]);
  return (
    <Panel testId="watch-countdown">
      <p>{t("upcoming.title")}</p>
      <p className="watch__countdown" role="timer" aria-live="off" data-seconds={left ?? undefined}>
        {left === null ? "\u00a0" : left === 0 ? t("upcoming.starting") : remaining(left, t)}
      </p>
    </Panel>
  );
}

function remaining(total: number, t: (key: string, opts?: Record<string, unknown>) => string): string {
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const hms = [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
  return days ? `${t("upcoming.days", { count: days })} ${hms}` : hms;
}
