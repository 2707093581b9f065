// Home, signed in (issue 27): "Key plays from your teams", the newest key plays of the games of the teams the viewer
// follows, each a frame of its clip, what happened and the game, linking to the clip's share page. The API decides
// what is listed (GET /key-plays/favorite); a viewer who hides scores gets none, here too once they switch.
import type { FollowedKeyPlay } from "@api/contract/scores";
import { useTranslation } from "react-i18next";
import { matchup, participantLabel, sides } from "~/lib/format";
import { useKeyPlayText } from "./key-play-text";
import { useScoresHidden } from "./SpoilerSafe";

export function KeyPlaysRail({ keyPlays }: { keyPlays: FollowedKeyPlay[] }) {
  const { t } = useTranslation("scores");
  if (useScoresHidden() || !keyPlays.length) return null;
  return (
    <section className="home-events key-plays-rail" aria-labelledby="key-plays-rail-title" data-section="key-plays-rail">
      <div className="home-events__head">
        <h2 id="key-plays-rail-title">{t("rail.title")}</h2>
      </div>
      <ul className="key-plays-rail__list">
        {keyPlays.map((k) => (
          <li key={k.id}>
            <KeyPlayCard keyPlay={k} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function KeyPlayCard({ keyPlay: k }: { keyPlay: FollowedKeyPlay }) {
  const { t } = useTranslation("scores");
  const s = sides(k.event);
  const describe = useKeyPlayText({ home: s ? participantLabel(s.home) : t("card.home"), away: s ? participantLabel(s.away) : t("card.away") });
  const what = describe(k);
  return (
    <article className="key-plays-rail__card" data-testid="key-plays-rail-card">
      {k.clip.poster ? (
        <img className="key-plays-rail__frame" src={k.clip.poster.url} alt={t("rail.frame", { what })} width={320} height={180} loading="lazy" />
      ) : (
        <span className="key-plays-rail__frame key-plays-rail__frame--none" aria-hidden="true" />
      )}
      <div className="key-plays-rail__body">
        <h3 className="key-plays-rail__what">
          <a href={k.clip.share_path} className="key-plays-rail__link">
            {what}
          </a>
        </h3>
        <p className="key-plays-rail__game">{matchup(k.event)}</p>
      </div>
    </article>
  );
}
