// /profile/following (issue 12): the teams, schools and sports the user follows, by kind, each with its landing, a
// "Live now" badge, the reminder opt-in for all of its games, its calendar feed (webcal://) and unfollow. Adding or
// removing reloads the list (SPEC §4): the buttons post to /action/favorites and Remix reloads this loader.
import { type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FAVORITABLE_TYPES, type Favorite } from "@api/contract/favorites";
import { useTranslation } from "react-i18next";
import { CalendarFeedLink } from "~/features/calendar/CalendarFeedLink";
import { Crest } from "~/features/events/Crest";
import { eventActionsLinks } from "~/features/events/EventActions";
import { catalogueLinks } from "~/features/events/links";
import { FetchMarker } from "~/lib/fetch-marker";
import { FollowButton, useFavoritesAction } from "~/features/favorites/FollowButton";
import { metaFromLoader } from "~/lib/route-meta";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

export const links: LinksFunction = () => [...catalogueLinks(), ...eventActionsLinks()];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, api } = requireUser(context, request);
  const [t, favorites] = await Promise.all([getT(tenant.lang), api.favorites.list()]);
  return { favorites, origin: tenant.origin, meta: { title: t("favorites:page.title") } };
}

export const meta = metaFromLoader;

export default function ProfileFollowing() {
  const { favorites, origin } = useLoaderData<typeof loader>();
  const { t } = useTranslation("favorites");
  return (
    <section className="following" aria-labelledby="following-title">
      <h2 id="following-title">{t("page.title")}</h2>
      <p className="following__intro">{t("page.intro")}</p>
      {favorites.length === 0 ? (
        <p className="following__empty">
          {t("page.empty")} <Link to="/upcoming">{t("page.browse")}</Link>
        </p>
      ) : (
        FAVORITABLE_TYPES.map((type) => {
          const list = favorites.filter((f) => f.favoritable_type === type);
          if (!list.length) return null;
          return (
            <section key={type} className="following__kind" aria-labelledby={`following-${type}`}>
              <h3 id={`following-${type}`}>{t(`page.kinds.${type}`)}</h3>
              <ul className="following__list">
                {list.map((f) => (
                  <FollowingItem key={f.id} favorite={f} origin={origin} />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}

function FollowingItem({ favorite, origin }: { favorite: Favorite; origin: string }) {
  const { t } = useTranslation("favorites");
  const item = favorite.favoritable;
  return (
    <li className="following__item" data-favorite={favorite.id}>
      {favorite.favoritable_type === "category" ? null : <Crest src={item.image} alt="" size={40} />}
      <div className="following__name">
        <Link to={item.path}>{item.name}</Link>
        {favorite.live_now ? <span className="badge badge--live">{t("yourTeams.liveNow")}</span> : null}
      </div>
      <RemindToggle favorite={favorite} />
      <div className="following__actions">
        <CalendarFeedLink compact type={favorite.favoritable_type} id={favorite.favoritable_id} name={item.name} origin={origin} />
        <FollowButton target={{ type: favorite.favoritable_type, id: favorite.favoritable_id, name: item.name }} />
      </div>
    </li>
  );
}

/** Reminder mails for all of a favourite's games: a switch, optimistic, put back with the reason on a refusal. */
function RemindToggle({ favorite }: { favorite: Favorite }) {
  const { t } = useTranslation("favorites");
  const { fetcher, error } = useFavoritesAction();
  const asked = fetcher.formData?.get("remind");
  const on = asked === undefined || asked === null ? favorite.remind : asked === "true";
  const hint = `remind-hint-${favorite.id}`;
  return (
    <fetcher.Form method="post" action="/action/favorites" className="following__remind" preventScrollReset>
      <input type="hidden" name="intent" value="remind" />
      <input type="hidden" name="id" value={favorite.id} />
      <input type="hidden" name="remind" value={on ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value="/profile/following" />
      <FetchMarker />
      <button type="submit" role="switch" aria-checked={on} aria-describedby={hint} className="switch">
        <span className="switch__track" aria-hidden="true" />
        <span>{t("page.remind")}</span>
        <span className="visually-hidden"> {favorite.favoritable.name}</span>
      </button>
      <span id={hint} className="following__hint">
        {t("page.remindHint")}
      </span>
      {error}
    </fetcher.Form>
  );
}
