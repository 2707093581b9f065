// Game day on the cards (issue 27): an event's score on its card (lists, the home's rails, search results), a small
// board of two rows, away then home as the title names them. "Final" once the scorekeeper ended the game, the period
// while it is on; the screen reader hears it in words (the board is hidden from it).
import type { EventScore } from "@api/contract/scores";
import { useTranslation } from "react-i18next";
import { usePeriodLabel } from "./ScoreBug";

export function CardScore({ score, away, home }: { score: EventScore; away: string; home: string }) {
  const { t } = useTranslation("scores");
  const periodLabel = usePeriodLabel();
  const scores = { away, home, awayScore: score.away, homeScore: score.home };
  const period = score.overtime > 0 ? t("periodWords.overtime", { n: score.overtime }) : t(`periodWords.${score.sport}`, { n: score.period });
  const sets = score.sets ? ` ${t("card.setsWords", { away, home, awaySets: score.sets.away, homeSets: score.sets.home })}` : "";
  const words = (score.final ? t("card.final", scores) : t("card.live", { ...scores, period })) + sets;
  return (
    <p className="card-score" data-testid="card-score" data-final={score.final || undefined}>
      <span className="visually-hidden">{words}</span>
      <span className="card-score__board" aria-hidden="true">
        <span className="card-score__status">{score.final ? t("bug.final") : periodLabel(score)}</span>
        <span className="card-score__team">{away}</span>
        <span className="card-score__score" data-side="away">
          {score.away}
        </span>
        <span className="card-score__team">{home}</span>
        <span className="card-score__score" data-side="home">
          {score.home}
        </span>
        {score.sets ? <span className="card-score__sets">{t("bug.sets", { away: score.sets.away, home: score.sets.home })}</span> : null}
      </span>
    </p>
  );
}
