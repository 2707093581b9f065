// /console/live (issue 16): the channel's upcoming and live events with their live inputs. The owner creates an
// input for an event and gives its RTMP URL and stream key (or SRT URL) to the encoder; the page shows whether the
// encoder is sending, and refreshes itself while an input waits or streams. Plain forms: it works without JavaScript
// (with a Refresh link instead of the automatic refresh).
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { BEHIND_WARN_S, type EncoderInfo, type LiveEventRow } from "@api/contract/video";
import { FormNotice } from "~/features/auth/AuthFields";
import { CopyField } from "~/features/video/CopyField";
import { InputStatus } from "~/features/video/InputStatus";
import { metaFromLoader } from "~/lib/route-meta";
import { consoleMessage } from "~/features/console/messages";
import { readForm } from "~/server/form.server";
import { requireChannelManager } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import videoCss from "~/styles/console-video.css?url";
import { LocalTime } from "~/ui/LocalTime";

/** How often the page asks again while an input waits for its encoder or streams. */
const REFRESH_MS = 3000;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { tenant, api } = requireChannelManager(context, request);
  const [t, events] = await Promise.all([getT(tenant.lang), api.video.liveEvents()]);
  return { events, meta: { title: t("video:live.title") } };
}

export const meta = metaFromLoader;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: videoCss }];

type Result = { eventId: number; tone: "success" | "error"; message: string };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, api } = requireChannelManager(context, request);
  const t = await getT(tenant.lang);
  const eventId = Number(form.get("event_id"));
  const intent = form.get("intent");
  if (!Number.isInteger(eventId) || eventId <= 0 || (intent !== "create" && intent !== "delete" && intent !== "end")) {
    return json<Result>({ eventId: 0, tone: "error", message: t("video:live.badRequest") }, { status: 400 });
  }
  const result = intent === "create" ? await api.video.createInput(eventId) : intent === "end" ? await api.video.endInput(eventId) : await api.video.deleteInput(eventId);
  if (!result.ok) return json<Result>({ eventId, tone: "error", message: consoleMessage(t, result.message) }, { status: result.status });
  return json<Result>({ eventId, tone: "success", message: t(intent === "create" ? "video:live.created" : intent === "end" ? "video:live.ended" : "video:live.deleted") });
}

const watching = (events: LiveEventRow[]) => events.some((e) => e.input && e.input.status !== "ended");

export default function ConsoleLive() {
  const { events } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("video");
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const refreshing = watching(events);

  // While an encoder may connect or is streaming, the state is asked again every few seconds (SSR has it at load).
  useEffect(() => {
    if (!refreshing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refreshing, revalidator]);

  return (
    <section className="console-video" aria-labelledby="live-title" aria-busy={busy}>
      <h1 id="live-title">{t("live.title")}</h1>
      <p>{t("live.intro")}</p>
      <p className="console-video__refresh">
        {refreshing ? t("live.autoRefresh") : null} <Link to=".">{t("live.refresh")}</Link>
      </p>
      {events.length === 0 ? <p>{t("live.empty")}</p> : null}
      <ul className="live-events">
        {events.map((event) => (
          <li key={event.id} className="live-event" data-event-id={event.id} aria-labelledby={`event-${event.id}`}>
            <div className="live-event__head">
              <h2 id={`event-${event.id}`} className="live-event__name">
                {event.name}
              </h2>
              <InputStatus status={event.input?.status ?? null} />
            </div>
            <p className="live-event__when">
              {t(`live.schedule.${event.stream_status}`)} <LocalTime iso={event.starts_at} zone="UTC" />
            </p>
            {result && result.eventId === event.id ? <FormNotice tone={result.tone}>{result.message}</FormNotice> : null}
            <EventInput event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One of an input's actions (the action's intents): a plain form, so it works without JavaScript. */
function InputAction({ eventId, intent, label, danger = false }: { eventId: number; intent: "create" | "end" | "delete"; label: string; danger?: boolean }) {
  return (
    <Form method="post" className="live-event__actions">
      <input type="hidden" name="event_id" value={eventId} />
      <button type="submit" name="intent" value={intent} className={danger ? "button video-button video-button--danger" : "button button--primary"}>
        {label}
      </button>
    </Form>
  );
}

/** What the encoder sends, and a warning when the stream arrives late (the ingest cannot keep up, or the link). */
function EncoderNote({ encoder }: { encoder: EncoderInfo }) {
  const { t } = useTranslation("video");
  const details = [
    encoder.video_codec && encoder.width && encoder.height ? t("live.encoderVideo", { codec: encoder.video_codec.toUpperCase(), width: encoder.width, height: encoder.height }) : null,
    encoder.fps ? t("live.encoderFps", { fps: encoder.fps }) : null,
    encoder.video_kbps ? t("live.encoderKbps", { kbps: encoder.video_kbps }) : null,
    encoder.audio_codec && encoder.audio_hz ? t("live.encoderAudio", { codec: encoder.audio_codec.toUpperCase(), khz: encoder.audio_hz / 1000 }) : null,
  ].filter(Boolean);
  return (
    <>
      {details.length ? <p className="live-input__encoder">{t("live.encoder", { details: details.join(", ") })}</p> : null}
      {encoder.behind_s > BEHIND_WARN_S ? (
        <p className="live-input__behind" role="alert">
          {t("live.behind", { seconds: Math.round(encoder.behind_s) })}
        </p>
      ) : null}
    </>
  );
}

/** A time into the recording as "m:ss" (or "h:mm:ss"). */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm.padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

function EventInput({ event }: { event: LiveEventRow }) {
  const { t } = useTranslation("video");
  const input = event.input;
  if (!input) {
    if (event.stream_status === "finished") return <p className="live-event__note">{t("live.over")}</p>;
    return (
      <InputAction eventId={event.id} intent="create" label={t("live.create")} />
    );
  }
  return (
    <div className="live-input">
      {input.status !== "ended" ? (
        <>
          <CopyField label={t("live.rtmpUrl")} name="rtmp_url" value={input.rtmp_url} />
          <CopyField label={t("live.streamKey")} name="stream_key" value={input.stream_key} secret />
          {input.srt_url ? <CopyField label={t("live.srtUrl")} name="srt_url" value={input.srt_url} secret /> : null}
          <p className="live-event__note">{t(input.provider === "local" ? "live.hintLocal" : "live.hintStream")}</p>
        </>
      ) : null}
      <p className="live-input__progress">
        {input.status === "idle" ? t("live.waiting") : t("live.segments", { count: input.segment_count, seconds: input.segment_count * 2 })}
      </p>
      {input.status === "reconnecting" ? <p className="live-event__note live-input__dropped">{t("live.reconnectingNote")}</p> : null}
      {input.refused_at ? (
        <p className="live-input__refused" role="alert">
          <Trans t={t} i18nKey="live.wrongKey" components={{ when: <LocalTime iso={input.refused_at} zone="UTC" /> }} />
        </p>
      ) : null}
      {input.encoder ? <EncoderNote encoder={input.encoder} /> : null}
      {input.gaps.length ? (
        <ul className="live-input__gaps">
          {input.gaps.map((gap) => (
            <li key={gap.at_s}>{t("live.gap", { at: clockTime(gap.at_s), seconds: Math.round(gap.gap_s) })}</li>
          ))}
        </ul>
      ) : null}
      {input.status === "connected" || input.status === "reconnecting" ? (
        <InputAction eventId={event.id} intent="end" label={t("live.end")} danger />
      ) : (
        <InputAction eventId={event.id} intent="delete" label={t("live.delete")} danger />
      )}
    </div>
  );
}
