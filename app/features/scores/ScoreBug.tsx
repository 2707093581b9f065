// The score bug over the player (issue 27): both sides' scores, the period and the game clock, as the scorekeeper's
// taps make them. The board comes from the page's data and then from the event's live-state channel. The clock ticks
// here from the API's reading (`ms` at `at`), never past zero.
import { clockReading, type GameClock } from "@api/contract/score-clock";
import type { ScoreState, Side } from "@api/contract/scores";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}

function useClock(clock: GameClock | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    if (!clock?.running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  // The server renders a running clock as it was read; the browser ticks it from hydration on.
  return clock ? clockReading(clock, now ?? clock.at) : null;
}

export function usePeriodLabel(): (state: Pick<ScoreState, "sport" | "period" | "overtime">) => string {
  const { t } = useTranslation("scores");
  return (state) => (state.overtime > 0 ? t("period.overtime", { n: state.overtime }) : t(`period.${state.sport}`, { n: state.period }));
}

/** One side of a board: the team's name and its score (`block` is the board's CSS block: the bug or the keeper's). */
export function ScoreSide({ block, side, team, score }: { block: string; side: Side; team: string; score: number }) {
  return (
    <span className={`${block}__side`}>
      <span className={`${block}__team`}>{team}</span>
      <span className={`${block}__score`} data-side={side}>
        {score}
      </span>
    </span>
  );
}

/** The bug for `state`: the game now. */
export function ScoreBug({ state, away, home }: { state: ScoreState; away: string; home: string }) {
  const { t } = useTranslation("scores");
  const periodLabel = usePeriodLabel();
  const clock = useClock(state.final ? null : state.clock);
  const period = state.final ? t("bug.final") : periodLabel(state);
  return (
    <div className="score-bug" data-testid="score-bug" role="group" aria-label={t("bug.label", { away, home, awayScore: state.away, homeScore: state.home, period })}>
      <ScoreSide block="score-bug" side="away" team={away} score={state.away} />
      <ScoreSide block="score-bug" side="home" team={home} score={state.home} />
      <span className="score-bug__period">{period}</span>
      {clock !== null ? <span className="score-bug__clock">{formatClock(clock)}</span> : null}
      {state.sets ? <span className="score-bug__sets">{t("bug.sets", { away: state.sets.away, home: state.sets.home })}</span> : null}
    </div>
  );
}
