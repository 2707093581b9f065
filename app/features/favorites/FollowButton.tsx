import type { FavoritableType } from "@api/contract/favorites";
import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FetchMarker } from "~/lib/fetch-marker";
import type { RootData } from "~/root";
import type { FavoritesActionData } from "~/routes/action.favorites";
import { useToast } from "~/ui/Toasts";

export interface FollowTarget {
  type: FavoritableType;
  /** The team's, school's or sport's id (favoritable_id). */
  id: number;
  /** Its full name, for the button's accessible name. */
  name: string;
}

/**
 * Follow / unfollow a team, school or sport (issue 12): a toggle button (aria-pressed) with a star and a text label.
 * Optimistic: it shows the asked state while the call runs; a refusal puts it back and says why. The state is the
 * API's (the root's favourites, reloaded after the POST), so every button for the same team agrees. Signed out, it
 * asks to log in and the follow completes after the sign-in. `compact` (event cards) shows `label` (a short name).
 */
export function FollowButton({ target, compact, label }: { target: FollowTarget; compact?: boolean; label?: string }) {
  const { t } = useTranslation("favorites");
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const { fetcher, error } = useFavoritesAction();
  const toast = useToast();
  // Each completed follow or unfollow is confirmed by a toast (the data object is new for every answer).
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!data?.ok) return;
    toast({ type: "success", text: t(data.intent === "follow" ? "common:toasts.following" : "common:toasts.unfollowed", { name: target.name }) });
  }, [data, t, target.name, toast]);
  const favorite = root?.following?.find((f) => f.type === target.type && f.favoritable_id === target.id) ?? null;
  const pending = fetcher.formData?.get("intent");
  const following = pending === "follow" ? true : pending === "unfollow" ? false : Boolean(favorite);
  const here = location.pathname + location.search;
  const name = t(`kinds.${target.type}`, { name: target.name });
  return (
    <fetcher.Form method="post" action="/action/favorites" className={`follow${compact ? " follow--compact" : ""}`} preventScrollReset>
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <input type="hidden" name="type" value={target.type} />
      <input type="hidden" name="favoritable_id" value={target.id} />
      {favorite ? <input type="hidden" name="id" value={favorite.id} /> : null}
      <input type="hidden" name="redirectTo" value={here} />
      <FetchMarker />
      <button
        type="submit"
        className="follow__button"
        aria-pressed={following}
        data-following={following ? "true" : "false"}
        title={root?.user ? undefined : t("loginToFollow")}
      >
        <svg className="follow__star" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
        </svg>
        {compact ? (
          <>
            <span className="visually-hidden">{t("follow")} </span>
            <span aria-hidden="true">{label ?? target.name}</span>
            <span className="visually-hidden">{name}</span>
          </>
        ) : (
          <>
            <span className="follow__label">{following ? t("following") : t("follow")}</span>
            <span className="visually-hidden"> {name}</span>
          </>
        )}
      </button>
      {error}
    </fetcher.Form>
  );
}

/**
 * A form posting to /action/favorites through a fetcher (with `FetchMarker`, which asks for JSON once hydrated): the
 * fetcher and the refusal to show inline (null while the call runs or after a success).
 */
export function useFavoritesAction() {
  const fetcher = useFetcher<FavoritesActionData>();
  const message = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return {
    fetcher,
    error: message ? (
      <span className="follow__error" role="alert">
        {message}
      </span>
    ) : null,
  };
}
