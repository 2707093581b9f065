// /profile/clips (SPEC §2, the profile's child pages; issue 11): the user's clips, newest first, with their state
// (queued → processing → ready | failed, SPEC §4) and a progress bar while they are made; play, share, download and
// delete on ready ones. Filter by event (GET /events/with_clip), pages of 12, and how many clips the passes have left.
// While a clip is unfinished the page reloads its data every ORDER_POLL_MS until it is done.
import { type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { ORDER_POLL_MS } from "@api/contract/constants";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ClipList } from "~/features/clips/ClipList";
import { clipTags } from "~/features/clips/messages";
import { matchup } from "~/lib/format";
import { metaFromLoader } from "~/lib/route-meta";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import clipsCss from "~/styles/clips.css?url";

const PAGE_SIZE = 12;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: clipsCss }];

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, api } = requireUser(context, request);
  const url = new URL(request.url);
  const eventId = positive(url.searchParams.get("event"));
  const page = positive(url.searchParams.get("page")) ?? 1;
  const [t, list, events, access] = await Promise.all([
    getT(tenant.lang),
    api.clips.list({ event_id: eventId, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    api.clips.eventsWithClip(),
    api.account.access(),
  ]);
  return {
    clips: list.data,
    total: list.meta.total,
    page,
    pages: Math.max(1, Math.ceil(list.meta.total / PAGE_SIZE)),
    eventId: eventId ?? null,
    events: events.map((e) => ({ id: e.id, title: matchup(e), clips: e.clips_count })),
    remaining: access.remaining.clips,
    tags: tenant.bootstrap.settings["clips.tags"],
    origin: tenant.origin,
    meta: { title: t("clips:titles.profileClips") },
  };
}

export const meta = metaFromLoader;

/** Reloads the page's data every ORDER_POLL_MS while `busy`. */
function useRevalidateWhile(busy: boolean) {
  const revalidator = useRevalidator();
  // Read as it is at each tick: a tick while the last reload is still on its way waits for it.
  const current = useRef(revalidator);
  current.current = revalidator;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => current.current.state === "idle" && current.current.revalidate(), ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [busy]);
}

export default function ProfileClips() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("clips");
  const tags = clipTags(data.tags, t, i18n.language);
  useRevalidateWhile(data.clips.some((c) => c.status === "queued" || c.status === "processing"));
  const titles = new Map(data.events.map((e) => [e.id, e.title]));
  const pageHref = (page: number) => `/profile/clips?${new URLSearchParams({ ...(data.eventId ? { event: String(data.eventId) } : {}), page: String(page) })}`;
  return (
    <section className="profile__section profile-clips" aria-labelledby="profile-clips">
      <h2 id="profile-clips">{t("titles.profileClips")}</h2>
      <p>{t("profile.intro")}</p>
      <p className="profile-clips__summary">
        <span data-testid="clips-total">{t("profile.count", { count: data.total })}</span> ·{" "}
        <span data-testid="clips-remaining" data-remaining={data.remaining}>
          {t("profile.remaining", { count: data.remaining })}
        </span>
      </p>
      {data.events.length ? (
        <Form method="get" className="profile-clips__filter">
          <label htmlFor="clips-event">{t("profile.filter")}</label>
          <select id="clips-event" name="event" defaultValue={data.eventId ?? ""}>
            <option value="">{t("profile.filterAll")}</option>
            {data.events.map((e) => (
              <option key={e.id} value={e.id}>{`${e.title} (${e.clips})`}</option>
            ))}
          </select>
          <button type="submit" className="button button--small">
            {t("profile.apply")}
          </button>
        </Form>
      ) : null}
      {data.total === 0 && !data.eventId ? (
        <div className="empty-state">
          <p>{t("profile.empty")}</p>
          <Link to="/upcoming" className="button button--primary">
            {t("profile.browse")}
          </Link>
        </div>
      ) : (
        <ClipList
          clips={data.clips}
          tags={tags}
          origin={data.origin}
          showSource
          sourceOf={(clip) => (clip.event_media_id === null && clip.event_id !== null ? (titles.get(clip.event_id) ?? null) : clip.source_title)}
          emptyText={t("list.empty")}
        />
      )}
      {data.pages > 1 ? (
        <nav className="pager" aria-label={t("profile.page", { page: data.page, pages: data.pages })}>
          {data.page > 1 ? (
            <Link to={pageHref(data.page - 1)} className="button button--small" rel="prev">
              {t("profile.previous")}
            </Link>
          ) : null}
          <span>{t("profile.page", { page: data.page, pages: data.pages })}</span>
          {data.page < data.pages ? (
            <Link to={pageHref(data.page + 1)} className="button button--small" rel="next">
              {t("profile.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
