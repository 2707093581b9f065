import type { Favorite, FavoriteEvent } from "@api/contract/favorites";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Crest } from "~/features/events/Crest";
import { EventList } from "~/features/events/EventCard";

/** Followed teams shown as chips above the games; the rest are one link away. */
const YOUR_TEAMS_CHIPS = 8;

export interface YourTeamsData {
  favorites: Favorite[];
  /** Live games first, then the next ones (GET /events/favorite). */
  events: FavoriteEvent[];
}

/** Home, signed in (issue 12): what the viewer follows, with a "Live now" badge, and those games first. */
export function YourTeams({ data }: { data: YourTeamsData }) {
  const { t } = useTranslation("favorites");
  // Live ones first; a long list shows its first few and links to the rest.
  const chips = [...data.favorites.filter((f) => f.live_now), ...data.favorites.filter((f) => !f.live_now)];
  const shown = chips.slice(0, YOUR_TEAMS_CHIPS);
  const more = chips.length - shown.length;
  return (
    <section className="home-events your-teams" aria-labelledby="your-teams-title" data-section="your-teams">
      <div className="home-events__head">
        <h2 id="your-teams-title">{t("yourTeams.title")}</h2>
        {data.favorites.length ? (
          <Link to="/profile/following" className="home-events__all">
            {t("yourTeams.manage")}
            <span className="visually-hidden">: {t("yourTeams.title")}</span>
          </Link>
        ) : null}
      </div>
      {data.favorites.length ? (
        <>
          <ul className="your-teams__chips" aria-label={t("yourTeams.followed")}>
            {shown.map((f) => (
              <li key={f.id}>
                <Link to={f.favoritable.path} className="your-teams__chip" data-live={f.live_now ? "true" : undefined}>
                  {f.favoritable_type === "category" ? null : <Crest src={f.favoritable.image} alt="" size={24} />}
                  <span>{f.favoritable.name}</span>
                  {f.live_now ? <span className="badge badge--live">{t("yourTeams.liveNow")}</span> : null}
                </Link>
              </li>
            ))}
            {more > 0 ? (
              <li>
                <Link to="/profile/following" className="your-teams__chip your-teams__more">
                  {t("yourTeams.more", { count: more })}
                </Link>
              </li>
            ) : null}
          </ul>
          {data.events.length ? <EventList events={data.events} view="rail" label={t("yourTeams.title")} /> : <p className="home-events__empty">{t("yourTeams.noGames")}</p>}
        </>
      ) : (
        <p className="home-events__empty your-teams__empty">
          {t("yourTeams.empty")} <Link to="/upcoming">{t("yourTeams.browse")}</Link>
        </p>
      )}
    </section>
  );
}
