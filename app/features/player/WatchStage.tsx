// What a watch page shows on its stage (issue 5), shared by /watch/{id}, /watch_embed/{id} and /watch_library/{id}:
// the player when the grant allows it, otherwise the countdown or the prompt that fits the refusal. Grants are
// renewed by revalidating the page's loader shortly before the token expires; the player keeps its stream and only
// takes the new token.
import { Link, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Playback } from "@api/contract/media";
import type { PlaybackResult } from "~/server/api/playback.server";
import { money } from "~/features/commerce/format";
import type { CoveringPass } from "~/features/orders/PassList";
import { PassList } from "~/features/orders/PassList";
import type { PlayerStream } from "./events";
import { watchLiveStall } from "./live-stall";
import { Player, type PlayerHandle } from "./Player";
import { StreamLimitPrompt, StreamStoppedNotice, useStreamHeartbeat } from "./StreamLimit";

/** Renew the media token this long before it expires (ADR 010: tokens live ≤ 10 min). */
const RENEW_BEFORE_MS = 60_000;
/** How often the slate asks whether the picture has arrived. */
export const WAITING_RECHECK_MS = 3_000;

/**
 * The grant to play: the manifest of the first grant keeps playing, later grants (renewals) only bring a new token.
 * Schedules the renewal (a loader revalidation) before the token expires.
 */
export function useRenewedGrant(playback: PlaybackResult): { grant: Playback | null; manifest: string | null } {
  const revalidator = useRevalidator();
  const grant = playback.kind === "allowed" ? playback.grant : null;
  // A Stream live input plays its low-latency manifest when the grant names one (issue 26).
  const [manifest, setManifest] = useState(grant ? (grant.low_latency ?? grant.dash) : null);
  useEffect(() => {
    if (grant && !manifest) setManifest(grant.low_latency ?? grant.dash);
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
  return { grant, manifest };
}

export interface WatchStageProps {
  playback: PlaybackResult;
  /** A stable id of what plays (the event or VOD item id), for the player's analytics and element ids. */
  mediaId: number;
  /** What plays, described for the analytics (kind of stream, sport, school…). */
  stream?: PlayerStream;
  title: string;
  poster: string | null;
  /** The page to come back to after logging in. */
  returnTo: string;
  /** Where to buy access, when a purchase can unlock it. */
  buyHref: string | null;
  /** When the item starts (upcoming events): the countdown, then the grant at the start. */
  startsAt?: string;
  /** Embedded pages open links in a new tab, so the host page stays. */
  newTab?: boolean;
  /** What the prompts call the item: an event (default) or a library video. */
  noun?: "event" | "video";
  /** The category and team passes that cover the item, listed in the purchase prompt (issue 6). */
  passes?: readonly CoveringPass[];
  /** Told the player's handle once the main content plays (the clip cutter drives it). */
  onPlayerHandle?: (handle: PlayerHandle | null) => void;
  /** Extra controls in the player's bar (the Clip button). */
  playerControls?: ReactNode;
  /** Moments marked on the seek bar (the event's key plays), seconds on its timeline. */
  markers?: readonly number[];
  /** Actions shown with the countdown of an upcoming item ("Remind me"). */
  besideCountdown?: ReactNode;
  /** The scheduled start as the slate of a game without a picture yet shows it (the event's time). */
  scheduled?: ReactNode;
}

/** The stage: `{ stage, overlay }` to place in the page's frame (EventHeader, or the plain embed layout). */
export function useWatchStage(props: WatchStageProps): { stage: ReactNode; overlay: ReactNode } {
  const { playback, mediaId, stream, title, poster, returnTo, buyHref, startsAt, newTab, noun = "event", passes = [], onPlayerHandle, playerControls, markers, besideCountdown, scheduled } = props;
  const forVideo = noun === "video";
  const { t, i18n } = useTranslation("player");
  const revalidator = useRevalidator();
  const { grant, manifest } = useRenewedGrant(playback);
  const { stopped } = useStreamHeartbeat(grant?.stream, grant?.token);
  // The player's handle also arms the live stall watch (live-stall.ts); one stable callback, so a re-render of the
  // page never resets a stall being timed.
  const stallWatch = useRef<(() => void) | null>(null);
  const handleTo = useRef(onPlayerHandle);
  handleTo.current = onPlayerHandle;
  const recheckRef = useRef(() => {});
  recheckRef.current = () => revalidator.state === "idle" && revalidator.revalidate();
  const onHandle = useCallback((handle: PlayerHandle | null) => {
    stallWatch.current?.();
    stallWatch.current = handle ? watchLiveStall(handle, () => recheckRef.current()) : null;
    handleTo.current?.(handle);
  }, []);
  useEffect(() => () => stallWatch.current?.(), []);
  const linkProps = newTab ? { target: "_blank", rel: "noopener" } : {};

  if (grant && stopped) {
    return {
      stage: null,
      overlay: (
        <Panel testId="watch-stream-stopped">
          <StreamStoppedNotice />
        </Panel>
      ),
    };
  }
  if (grant && manifest) {
    return {
      stage: (
        <Player
          key={mediaId}
          eventId={mediaId}
          stream={stream}
          manifest={manifest}
          token={grant.token}
          tokenPlace={grant.token_place}
          poster={grant.poster ?? poster}
          title={title}
          preroll={grant.preroll}
          thumbnails={grant.thumbnails}
          onHandle={onHandle}
          extraControls={playerControls}
          markers={markers}
        />
      ),
      overlay: null,
    };
  }
  if (playback.kind === "upcoming" && startsAt) {
    return {
      stage: null,
      overlay: (
        <Countdown startsAt={startsAt} onStart={() => revalidator.state === "idle" && revalidator.revalidate()}>
          {besideCountdown}
        </Countdown>
      ),
    };
  }
  if (playback.kind === "waiting" || playback.kind === "interrupted") {
    return {
      stage: null,
      overlay: (
        <Slate kind={playback.kind} onRecheck={() => revalidator.state === "idle" && revalidator.revalidate()} scheduled={playback.kind === "waiting" ? scheduled : undefined}>
          {playback.kind === "waiting" ? besideCountdown : null}
        </Slate>
      ),
    };
  }
  if (playback.kind === "streams") {
    return {
      stage: null,
      overlay: (
        <Panel testId="watch-streams" grow>
          <StreamLimitPrompt limit={playback.limit} streams={playback.streams} />
        </Panel>
      ),
    };
  }
  if (playback.kind === "refused" && playback.reason === "login") {
    const back = encodeURIComponent(returnTo);
    return {
      stage: null,
      overlay: (
        <Panel testId="watch-login">
          <p>{t(forVideo ? "login.titleVideo" : "login.title")}</p>
          {/* A paid event says what it costs before asking to sign in (issue 28); each way leads to its purchase. */}
          <PassList id={`prices-${mediaId}`} heading={t("purchase.prices")} passes={passes} testId="watch-prices" newTab={newTab} />
          <div className="watch__actions">
            <Link className="button button--primary" to={`/login?redirectTo=${back}`} {...linkProps}>
              {t("login.login")}
            </Link>
            <Link className="button" to={`/registration?redirectTo=${back}`} {...linkProps}>
              {t("login.register")}
            </Link>
          </div>
        </Panel>
      ),
    };
  }
  if (playback.kind === "refused" && playback.reason === "purchase") {
    // The API's ways to watch, the event's own ticket first: the first is the button, with its price.
    const [first, ...others] = passes;
    const price = first ? money(first.price, first.currency, i18n.language) : "";
    return {
      stage: null,
      overlay: (
        <Panel testId="watch-purchase">
          <p>{t(forVideo ? "purchase.titleVideo" : "purchase.title")}</p>
          <div className="watch__actions">
            {first ? (
              <Link className="button button--primary" to={first.href} data-product-id={first.id} {...linkProps}>
                {first.own
                  ? t("purchase.buyFor", { price })
                  : first.trialDays
                    ? t("purchase.trialOf", { count: first.trialDays, name: first.name })
                    : t("purchase.getFor", { name: first.name, price })}
              </Link>
            ) : buyHref ? (
              <Link className="button button--primary" to={buyHref} {...linkProps}>
                {t("purchase.buy")}
              </Link>
            ) : null}
            <Link className={first || buyHref ? "button" : "button button--primary"} to="/packages" {...linkProps}>
              {t("purchase.packages")}
            </Link>
          </div>
          <PassList id={`passes-${mediaId}`} heading={t("purchase.passes")} passes={first ? others : passes} testId="watch-passes" newTab={newTab} />
        </Panel>
      ),
    };
  }
  if (playback.kind === "refused") {
    return {
      stage: null,
      overlay: (
        <Panel testId="watch-geo">
          <p role="alert">{t("geo")}</p>
        </Panel>
      ),
    };
  }
  if (playback.kind === "unavailable") {
    return {
      stage: null,
      overlay: (
        <Panel testId="watch-unavailable">
          <p>{t(forVideo ? "unavailableVideo" : "unavailable")}</p>
        </Panel>
      ),
    };
  }
  return { stage: null, overlay: null };
}

/** `grow`: the panel may be taller than a phone's stage (a list), and the stage grows to hold it there. */
export function Panel({ testId, children, grow = false }: { testId: string; children: ReactNode; grow?: boolean }) {
  return (
    <div className={grow ? "watch__overlay watch__overlay--grow" : "watch__overlay"}>
      <div className="watch__panel" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

/** Seconds to the start, counted on the client in 1-s steps; at 0 the page asks the loader for the grant. */
function Countdown({ startsAt, onStart, children }: { startsAt: string; onStart: () => void; children?: ReactNode }) {
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
      {children ? <div className="watch__actions">{children}</div> : null}
    </Panel>
  );
}

/**
 * A game on air by its schedule before its picture (`waiting`), or whose picture stopped arriving (`interrupted`): the
 * channel's slate (the poster behind it), what is happening and, while waiting, when it was scheduled. It asks for the
 * grant every few seconds; the player starts when the stream arrives or comes back.
 */
function Slate({ kind, onRecheck, scheduled, children }: { kind: "waiting" | "interrupted"; onRecheck: () => void; scheduled?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation("player");
  const recheck = useRef(onRecheck);
  recheck.current = onRecheck;
  useEffect(() => {
    const timer = setInterval(() => recheck.current(), WAITING_RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Panel testId={`watch-${kind}`}>
      <p className="watch__slate-title" role="status">
        {t(`${kind}.title`)}
      </p>
      {kind === "interrupted" ? <p>{t("interrupted.body")}</p> : null}
      {scheduled ? <p className="watch__scheduled">{t("waiting.scheduled")} {scheduled}</p> : null}
      {children ? <div className="watch__actions">{children}</div> : null}
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
