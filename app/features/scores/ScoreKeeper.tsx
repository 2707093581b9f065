// The scorekeeper's controls (issue 27): one thumb on a phone, or a keyboard. Each tap goes into the queue
// (tap-queue.ts) and the board shows what the API answered; a refusal is said in the API's words, in the page's
// language. The buttons are the sport's plays as the API's contract lists them.
import { SCORE_MESSAGES, SCORING_PLAYS, type ScoreBoard, type Side, type TapAction } from "@api/contract/scores";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatClock, ScoreSide, usePeriodLabel } from "./ScoreBug";
import { messagesOf } from "~/lib/api-messages";
import { TapQueue, type QueueStatus, type SendAnswer } from "./tap-queue";

/** How long the queue waits before trying again while the network is gone. */
const RETRY_MS = 3_000;

const scoreWords = messagesOf(SCORE_MESSAGES, "scores:api.");

/** "7:45" → ms; null when it is not minutes and seconds. */
export function parseClock(text: string): number | null {
  const m = /^\s*(\d{1,2}):([0-5]\d)\s*$/.exec(text);
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : null;
}

async function sendTaps(eventId: number, taps: unknown[]): Promise<SendAnswer> {
  // With the phone's clock at sending, from which the API learns how far off it is (its taps' times are that clock's).
  const body = new URLSearchParams({ taps: JSON.stringify(taps), sent_at: String(Date.now()) });
  const res = await fetch(`/score/${eventId}/taps`, { method: "POST", body, headers: { Accept: "application/json" } });
  // An outage or a gateway's error page: the taps stay queued.
  if (res.status >= 500 || !(res.headers.get("Content-Type") ?? "").includes("json")) throw new Error(`taps: HTTP ${res.status}`);
  return (await res.json()) as SendAnswer;
}

export function ScoreKeeper({ eventId, queueKey, initial, away, home }: { eventId: number; queueKey: string; initial: ScoreBoard; away: string; home: string }) {
  const { t } = useTranslation("scores");
  const periodLabel = usePeriodLabel();
  const [board, setBoard] = useState(initial);
  const [status, setStatus] = useState<QueueStatus>({ waiting: 0, sending: false, refusal: null, offline: false, lastAccepted: null });
  const [clockError, setClockError] = useState(false);
  const queue = useRef<TapQueue | null>(null);

  useEffect(() => {
    const q = new TapQueue(queueKey, { storage: window.localStorage, send: (taps) => sendTaps(eventId, taps), now: () => Date.now(), newId: () => crypto.randomUUID() }, setStatus, setBoard);
    queue.current = q;
    setStatus(q.status());
    void q.flush();
    const again = () => void q.flush();
    window.addEventListener("online", again);
    const timer = setInterval(() => {
      if (q.status().waiting) again();
    }, RETRY_MS);
    return () => {
      queue.current = null;
      window.removeEventListener("online", again);
      clearInterval(timer);
    };
  }, [eventId, queueKey]);

  const tap = (action: TapAction) => queue.current?.tap(action);
  const { state } = board;
  const plays = Object.entries(SCORING_PLAYS[state.sport]);
  const teams: [Side, string][] = [
    ["away", away],
    ["home", home],
  ];

  const setClock = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const ms = parseClock(String(new FormData(e.currentTarget).get("clock") ?? ""));
    setClockError(ms === null);
    if (ms !== null) tap({ kind: "clock_set", ms });
  };

  const keyPlay = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const side = String(form.get("side") ?? "");
    const player = String(form.get("player") ?? "").trim();
    const note = String(form.get("note") ?? "").trim();
    tap({ kind: "key_play", ...(side === "home" || side === "away" ? { side } : {}), ...(player ? { player } : {}), ...(note ? { note } : {}) });
    e.currentTarget.reset();
  };

  const refusal = status.refusal ? (scoreWords(t, status.refusal) ?? status.refusal) : null;

  return (
    <div className="keeper">
      <div className="keeper__board" data-testid="keeper-board">
        <ScoreSide block="keeper" side="away" team={away} score={state.away} />
        <span className="keeper__period">
          {state.final ? t("bug.final") : periodLabel(state)}
          {state.clock ? <span className="keeper__clock">{formatClock(state.clock.ms)}</span> : null}
          {state.sets ? <span>{t("bug.sets", { away: state.sets.away, home: state.sets.home })}</span> : null}
        </span>
        <ScoreSide block="keeper" side="home" team={home} score={state.home} />
      </div>

      <p className="keeper__status" role="status">
        {status.offline ? t("keeper.offline") : status.waiting ? t("keeper.waiting", { count: status.waiting }) : t("keeper.allSent")}
      </p>
      {refusal ? (
        <p className="keeper__refusal" role="alert">
          {refusal}
        </p>
      ) : null}

      <div className="keeper__teams">
        {teams.map(([side, name]) => (
          <fieldset key={side} className="keeper__plays">
            <legend>{name}</legend>
            {plays.map(([play]) => (
              <button key={play} type="button" className="keeper__play" aria-label={t("keeper.scoreFor", { play: t(`keeper.plays.${state.sport}.${play}`), team: name })} onClick={() => tap({ kind: "score", side, play })}>
                {t(`keeper.plays.${state.sport}.${play}`)}
              </button>
            ))}
            <button type="button" className="keeper__correction" onClick={() => tap({ kind: "adjust", side, points: -1 })}>
              {t("keeper.correction", { team: name })}
            </button>
          </fieldset>
        ))}
      </div>

      <div className="keeper__game">
        <button type="button" onClick={() => tap({ kind: "period" })}>
          {t("keeper.nextPeriod")}
        </button>
        {state.clock ? (
          <button type="button" onClick={() => tap({ kind: "clock", action: state.clock?.running ? "stop" : "start" })}>
            {state.clock.running ? t("keeper.stopClock") : t("keeper.startClock")}
          </button>
        ) : null}
        <button type="button" disabled={!status.lastAccepted} onClick={() => status.lastAccepted && tap({ kind: "undo", target: status.lastAccepted })}>
          {t("keeper.undo")}
        </button>
        <button type="button" onClick={() => tap(state.final ? { kind: "reopen" } : { kind: "final" })}>
          {state.final ? t("keeper.reopen") : t("keeper.final")}
        </button>
      </div>

      {state.clock ? (
        <form className="keeper__clock-form" onSubmit={setClock} noValidate>
          <label htmlFor="keeper-clock">{t("keeper.clockLabel")}</label>
          <input id="keeper-clock" name="clock" inputMode="numeric" autoComplete="off" aria-invalid={clockError || undefined} aria-describedby={clockError ? "keeper-clock-error" : undefined} />
          <button type="submit">{t("keeper.setClock")}</button>
          {clockError ? (
            <p id="keeper-clock-error" className="field-error">
              {t("keeper.badClock")}
            </p>
          ) : null}
        </form>
      ) : null}

      <form className="keeper__key-play" onSubmit={keyPlay}>
        <fieldset>
          <legend>{t("keeper.keyPlayLegend")}</legend>
          <label htmlFor="keeper-side">{t("keeper.side")}</label>
          <select id="keeper-side" name="side" defaultValue="">
            <option value="">{t("keeper.noSide")}</option>
            <option value="away">{away}</option>
            <option value="home">{home}</option>
          </select>
          <label htmlFor="keeper-player">{t("keeper.player")}</label>
          <input id="keeper-player" name="player" inputMode="numeric" pattern="[0-9]{1,3}" maxLength={3} autoComplete="off" />
          <label htmlFor="keeper-note">{t("keeper.note")}</label>
          <input id="keeper-note" name="note" maxLength={140} autoComplete="off" />
          <button type="submit" className="keeper__key-play-button">
            {t("keeper.keyPlay")}
          </button>
        </fieldset>
      </form>
    </div>
  );
}
