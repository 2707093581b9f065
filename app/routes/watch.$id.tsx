import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EventActions, eventActionsLinks } from "~/features/events/EventActions";
import { EventHeader } from "~/features/events/EventHeader";
import { EventTime } from "~/features/events/EventTime";
import { useEventLive } from "~/features/events/useEventLive";
import { loadEventOffer, loadWatchOptions } from "~/features/events/offer.server";
import { metaWithSocial } from "~/features/events/social-meta";
import { catalogueLinks } from "~/features/events/links";
import type { CoveringPass } from "~/features/orders/PassList";
import { ordersLinks } from "~/features/orders/format";
import { DownloadEvent } from "~/features/player/DownloadEvent";
import { eventStream } from "~/features/player/stream";
import { useWatchStage } from "~/features/player/WatchStage";
import { useClipArea } from "~/features/clips/ClipArea";
import { loadClipArea } from "~/features/clips/clips.server";
import { RemindMe } from "~/features/reminders/RemindMe";
import { loadReminderState } from "~/features/reminders/reminders.server";
import clipsCss from "~/styles/clips.css?url";
import { absoluteUrl, eventSummary, loadRelatedEvents, shareImage } from "~/server/events.server";
import { RelatedRails } from "~/features/events/RelatedRails";
import { useStartAt } from "~/features/player/start-at";
import { loadEventPlayback } from "~/server/watch.server";
import { requireTenant, requireUser } from "~/server/guards.server";
import { eventTitle, participantLabel, sides } from "~/lib/format";
import { ScoreBug } from "~/features/scores/ScoreBug";
import { PlayByPlay, playPosition } from "~/features/scores/PlayByPlay";
import { useSpoilerSafe } from "~/features/scores/SpoilerSafe";
import type { PlayerHandle } from "~/features/player/Player";
import { useCallback, useMemo, useState } from "react";
import { loadKeyPlays, loadScoreBoard } from "~/features/scores/scores.server";
import { KeyPlays } from "~/features/scores/KeyPlays";
import { boardWatched, useWatched } from "~/features/scores/position";
import type { PlayEntry } from "@api/contract/scores";
import scoresCss from "~/styles/scores.css?url";
import playerCss from "~/styles/player.css?url";
import { readForm } from "~/server/form.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // The rails (issue 28) need only the id: asked beside the event, one API call (entry.server renders the whole page
  // at once, docs/decisions/004, so a deferred promise would not reach the first byte sooner).
  const related = loadRelatedEvents(context, params.id);
  const { event, playback } = await loadEventPlayback(context, params.id);
  const title = eventTitle(event);
  const tenant = requireTenant(context);
  const clipArea = loadClipArea(context, tenant, playback, { event_id: event.id });
  const reminder = loadReminderState(context, event);
  const offer = loadEventOffer(context, event);
  const board = loadScoreBoard(context, event);
  const keyPlays = loadKeyPlays(context, event);
  // A paywall lists the ways to watch as the API offers them to this viewer, with their prices: behind a purchase, and
  // before the sign-in on a paid event (issue 28).
  const refusal = playback.kind === "refused" ? playback.reason : null;
  const passes: CoveringPass[] = refusal === "purchase" || (refusal === "login" && event.type === "paid") ? await loadWatchOptions(context, event) : [];
  return {
    event,
    playback,
    passes,
    clips: await clipArea,
    reminder: await reminder,
    offer: await offer,
    board: await board,
    keyPlays: await keyPlays,
    related: await related,
    embed: absoluteUrl(context, `/watch_embed/${event.id}`)!,
    meta: { title, description: event.description ?? eventSummary(event) },
    social: { url: absoluteUrl(context, `/watch/${event.id}`)!, image: shareImage(context, event.share_image, title), type: "video.other" as const },
  };
}

/**
 * intent=download: takes one download of the event as the signed-in user and answers the ticket's URL, which the
 * page opens (an attachment: the page stays). Remix then revalidates the loader, so the allowance shown drops
 * (SPEC §4 "Event download reloads user access afterwards"). A refusal answers the API's message.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { api } = requireUser(context, request);
  if (form.get("intent") !== "download") return json({ error: "Unknown action." }, { status: 400 });
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return json({ error: "Not found." }, { status: 404 });
  const result = await api.playback.downloadTicket(id);
  return result.ok ? json({ url: result.ticket.url }) : json({ error: result.message }, { status: 400 });
}

export const links: LinksFunction = () => [...catalogueLinks(), { rel: "stylesheet", href: playerCss }, { rel: "stylesheet", href: clipsCss }, { rel: "stylesheet", href: scoresCss }, ...ordersLinks(), ...eventActionsLinks()];

export const meta = metaWithSocial;

/** Seeks to a play's moment: its time on the live timeline (whose 0 the manifest dates), else from the event's start. */
function seekToPlay(handle: PlayerHandle, at: number, start: number) {
  handle.seekTo(playPosition(at, handle.presentationStart() ?? start));
}

/** Seeks to a moment (epoch ms) itself, on the same timeline: a key play's marker. */
function seekToMoment(handle: PlayerHandle, at: number, start: number) {
  handle.seekTo(Math.max(0, (at - (handle.presentationStart() ?? start)) / 1000));
}

/** Markers on the event's timeline as seconds on the player's (whose 0 the manifest dates while live). */
function onPlayerTimeline(markersS: readonly number[], handle: PlayerHandle | null, start: number): number[] {
  const zero = handle?.presentationStart() ?? start;
  return markersS.map((m) => (start + m * 1000 - zero) / 1000);
}

const keyPlayIds = (plays: readonly PlayEntry[]) => plays.filter((p) => p.action.kind === "key_play").map((p) => p.id);

const NO_PLAYS: PlayEntry[] = [];

export default function Watch() {
  const { event, playback, passes, clips, reminder, offer, social, board: loadedBoard, keyPlays, related, embed } = useLoaderData<typeof loader>();
  const title = eventTitle(event);
  const [scoresOff, toggleScores] = useSpoilerSafe();
  const { t } = useTranslation("calendar");
  const grant = playback.kind === "allowed" ? playback.grant : null;
  const [handle, setHandle] = useState<PlayerHandle | null>(null);
  // The key plays' markers (seconds on the event's timeline), drawn on the seek bar on the player's own timeline.
  const [markers, setMarkers] = useState<number[]>([]);
  const playerMarkers = useMemo(() => onPlayerTimeline(markers, handle, Date.parse(event.event_utc_ts)), [markers, handle, event.event_utc_ts]);
  const clip = useClipArea(
    grant && clips ? { verdict: grant.clip, thumbnails: grant.thumbnails, source: { event_id: event.id }, ...clips, returnTo: `/watch/${event.id}`, markers: playerMarkers } : null,
  );
  // The clip cutter and the play-by-play both drive the player.
  const clipHandle = clip.onPlayerHandle;
  const onPlayerHandle = useCallback(
    (h: PlayerHandle | null) => {
      clipHandle(h);
      setHandle(h);
    },
    [clipHandle],
  );
  const { stage, overlay } = useWatchStage({
    playback,
    mediaId: event.id,
    stream: eventStream(event),
    title,
    poster: event.poster,
    returnTo: `/watch/${event.id}`,
    buyHref: `/buy?event_id=${event.id}`,
    startsAt: event.event_utc_ts,
    passes,
    onPlayerHandle,
    playerControls: clip.button,
    markers: playerMarkers,
    besideCountdown: reminder ? <RemindMe eventId={event.id} state={reminder} returnTo={`/watch/${event.id}`} /> : null,
    scheduled: <EventTime iso={event.event_utc_ts} zone={event.time_zone} />,
  });
  const download = playback.kind === "allowed" ? playback.grant.download : null;
  // The page follows the event's state as it changes (upcoming → live → finished) and counts who watches.
  const { viewers, board: liveBoard } = useEventLive(event.stream_status === "finished" ? null : event.id);
  // The scorekeeper's latest board, told by the event's channel, else the one the page loaded; a viewer behind live
  // (or watching the recording) sees it as of their moment.
  const board = liveBoard ?? loadedBoard;
  const eventStart = Date.parse(event.event_utc_ts);
  // A shared address's `?t=` (issue 28) starts the player there.
  useStartAt(handle, eventStart);
  const watched = useWatched(handle, eventStart, board?.plays ?? NO_PLAYS);
  const shown = board && boardWatched(board, watched);
  const teams = sides(event);
  return (
    <div className="page watch" data-playback={playback.kind}>
      <EventHeader
        event={event}
        stage={stage}
        overlay={overlay}
        watching={viewers}
        scoreBug={shown && teams && !scoresOff ? <ScoreBug state={shown.state} away={participantLabel(teams.away)} home={participantLabel(teams.home)} /> : null}
        belowStage={clip.area}
        actions={
          <EventActions
            share={{ url: social.url, title, linkLabel: t("share.linkLabel") }}
            position={handle ? { handle, eventStart } : null}
            embed={{ src: embed, title }}
            calendarEventId={event.stream_status === "finished" ? null : event.id}
            offer={offer}
          />
        }
        afterHeader={
          <>
            {shown && teams ? (
              <PlayByPlay
                board={shown}
                later={board ? board.plays.length - shown.plays.length : 0}
                away={participantLabel(teams.away)}
                home={participantLabel(teams.home)}
                onSeek={handle ? (at) => seekToPlay(handle, at, eventStart) : undefined}
                hidden={scoresOff}
                onToggleHidden={toggleScores}
              />
            ) : null}
            {keyPlays && shown && teams && !scoresOff ? (
              <KeyPlays
                eventId={event.id}
                initial={keyPlays}
                boardIds={keyPlayIds(board!.plays)}
                reached={watched ? keyPlayIds(shown.plays) : null}
                names={{ away: participantLabel(teams.away), home: participantLabel(teams.home) }}
                onSeek={handle ? (markerS) => seekToMoment(handle, eventStart + markerS * 1000, eventStart) : undefined}
                onShown={setMarkers}
              />
            ) : null}
            {clip.list}
          </>
        }
      />
      {download ? <DownloadEvent allowance={download} /> : null}
      <RelatedRails event={event} related={related} />
    </div>
  );
}
