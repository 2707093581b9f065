// The play-by-play beside the player (issue 27): the scorekeeper's plays as text, newest first, each with the score
// after it. New plays are announced to screen readers through a polite live region, and each entry seeks the video
// to its moment (WCAG 1.2: the game for people who cannot see it).
import type { PlayEntry, ScoreBoard } from "@api/contract/scores";
import { useTranslation } from "react-i18next";
import { usePeriodLabel } from "./ScoreBug";

/** A play is watched from a few seconds before it was tapped: the viewer sees it happen. */
export const PLAY_LEAD_S = 5;

/** Where on the player's timeline to watch a play tapped at `at` (epoch ms), whose 0 is `zero` (epoch ms). */
export function playPosition(at: number, zero: number): number {
  return Math.max(0, (at - zero) / 1000 - PLAY_LEAD_S);
}

export function PlayByPlay({
  board,
  away,
  home,
  onSeek,
  hidden,
  onToggleHidden,
  later = 0,
}: {
  board: ScoreBoard;
  /** Plays made after the moment the viewer watches (behind live, or the recording), left out of the list. */
  later?: number;
  away: string;
  home: string;
  onSeek?: (at: number) => void;
  /** Spoiler-safe: the viewer hid scores (spoilers.ts); the section keeps only its switch. */
  hidden: boolean;
  onToggleHidden: () => void;
}) {
  const { t } = useTranslation("scores");
  const periodLabel = usePeriodLabel();
  const team = (side: "home" | "away" | undefined) => (side === "home" ? home : side === "away" ? away : "");
  const describe = (p: PlayEntry): string => {
    const a = p.action;
    switch (a.kind) {
      case "score":
        return t("plays.scored", { team: team(a.side), points: p.points });
      case "adjust":
        return t("plays.correction", { team: team(a.side), points: a.points > 0 ? `+${a.points}` : `−${-a.points}` });
      case "key_play":
        return [t("plays.keyPlay"), team(a.side), a.player ? t("plays.player", { number: a.player }) : "", a.note ?? ""].filter(Boolean).join(" · ");
      case "period":
        return t("plays.period", { period: periodLabel({ ...board.state, period: p.period, overtime: p.overtime }) });
      case "final":
        return t("plays.final");
      case "reopen":
        return t("plays.reopen");
    }
  };
  const plays = [...board.plays].reverse();
  return (
    <section className="play-by-play" aria-labelledby="play-by-play-title">
      <div className="play-by-play__head">
        <h2 id="play-by-play-title">{t("plays.title")}</h2>
        <button type="button" className="play-by-play__hide" aria-pressed={hidden} onClick={onToggleHidden}>
          {t("spoilers.hide")}
        </button>
      </div>
      {hidden ? (
        <p className="play-by-play__empty">{t("spoilers.hidden")}</p>
      ) : (
        <>
          {later > 0 ? (
            <p className="play-by-play__later" data-testid="plays-later">
              {t("plays.later", { count: later })}
            </p>
          ) : null}
          <PlayList plays={plays} describe={describe} onSeek={onSeek} />
        </>
      )}
    </section>
  );
}

function PlayList({ plays, describe, onSeek }: { plays: PlayEntry[]; describe: (p: PlayEntry) => string; onSeek?: (at: number) => void }) {
  const { t } = useTranslation("scores");
  return (
    <>
      {/* Polite: a new play is read after what the reader is saying, never over it. */}
      <ol className="play-by-play__list" aria-live="polite" aria-relevant="additions">
        {plays.map((p) => {
          const what = describe(p);
          const score = t("plays.score", { away: p.away, home: p.home });
          return (
            <li key={p.id} className={`play-by-play__item play-by-play__item--${p.action.kind}`}>
              {onSeek ? (
                <button type="button" className="play-by-play__seek" onClick={() => onSeek(p.at)}>
                  <span className="visually-hidden">{t("plays.seek")}</span>
                  <span className="play-by-play__what">{what}</span>
                  <span className="play-by-play__score">{score}</span>
                </button>
              ) : (
                <>
                  <span className="play-by-play__what">{what}</span>
                  <span className="play-by-play__score">{score}</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
      {plays.length === 0 ? <p className="play-by-play__empty">{t("plays.empty")}</p> : null}
    </>
  );
}
