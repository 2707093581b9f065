// The concurrent-streams limit as the viewer meets it (issue 13): the heartbeat of a counted stream, the prompt when
// the account already plays as many streams as its passes allow (naming the limit, offering to stop another
// device's stream), and the notice when another device took this one's slot. The API decides; this renders.
import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StreamGrant, StreamInfo } from "@api/contract/streams";
import { deviceName } from "~/features/sessions/device-label";
import { LocalTime } from "~/ui/LocalTime";
import type { StreamBeatAnswer } from "~/routes/action.streams";

const ACTION = "/action/streams";

const beat = () => fetch(ACTION, { method: "POST", body: new URLSearchParams({ intent: "beat" }), credentials: "same-origin" });
// Leaving the page: a beacon is the one request the browser still sends as the page goes away.
const release = () => void navigator.sendBeacon(ACTION, new URLSearchParams({ intent: "release" }));

/**
 * Keeps a counted stream alive with heartbeats at the grant's interval and frees its slot when the player goes
 * away. Answers whether another device stopped it; an ended stream or session makes the page ask again.
 */
export function useStreamHeartbeat(stream: StreamGrant | null | undefined, grantToken: string | undefined): { stopped: boolean } {
  const revalidator = useRevalidator();
  // The grant whose stream was stopped: a new grant (after "Watch here") plays again.
  const [stoppedToken, setStoppedToken] = useState<string | null>(null);
  // Read when a heartbeat answers: renewals bring new tokens without restarting the heartbeat.
  const tokenRef = useRef(grantToken);
  tokenRef.current = grantToken;
  const heartbeatS = stream?.heartbeat_s;
  const stopped = stoppedToken !== null && stoppedToken === grantToken;
  const live = Boolean(heartbeatS) && !stopped;
  useEffect(() => {
    if (!live || !heartbeatS) return;
    let cancelled = false;
    const confirm = async () => {
      const res = await beat();
      if (!res.ok || cancelled) return;
      const { state } = (await res.json()) as StreamBeatAnswer;
      if (cancelled) return;
      if (state === "stopped") setStoppedToken(tokenRef.current ?? null);
      // Over (a long sleep) or signed out (this device removed from the profile): the loader decides what shows.
      else if (state !== "ok") revalidator.revalidate();
    };
    const timer = window.setInterval(() => void confirm().catch(() => undefined), heartbeatS * 1000);
    window.addEventListener("pagehide", release);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener("pagehide", release);
      release();
    };
    // The revalidator changes identity with its state; the heartbeat depends on the stream only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, heartbeatS]);
  return { stopped };
}

/** The limit prompt: which streams hold it, each with a button that stops it and asks for playback here again. */
export function StreamLimitPrompt({ limit, streams }: { limit: number; streams: readonly StreamInfo[] }) {
  const { t } = useTranslation("player");
  const { t: ts } = useTranslation("sessions");
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <>
      <p id="stream-limit-title">{t("streams.limit", { count: limit })}</p>
      <ul className="watch__streams" aria-labelledby="stream-limit-title">
        {streams.map((s) => (
          <li key={s.id} className="watch__stream">
            <span>
              <strong>{s.title}</strong>
              <span className="watch__stream-device">
                {deviceName(ts, s.name)} · {ts("page.playingSince")} <LocalTime iso={s.started_at} zone="UTC" />
              </span>
            </span>
            <Form method="post" action={ACTION}>
              <input type="hidden" name="intent" value="stop" />
              <input type="hidden" name="id" value={s.id} />
              <input type="hidden" name="redirectTo" value={back} />
              <button type="submit" className="button button--primary">
                {t("streams.stop")}
                <span className="visually-hidden">{t("streams.stopWhat", { title: s.title })}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Another device of the account started watching and stopped this stream. */
export function StreamStoppedNotice() {
  const { t } = useTranslation("player");
  const revalidator = useRevalidator();
  return (
    <>
      <p role="alert">{t("streams.stopped")}</p>
      <div className="watch__actions">
        <button type="button" className="button button--primary" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
          {t("streams.watchHere")}
        </button>
      </div>
    </>
  );
}
