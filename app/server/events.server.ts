// Loader helpers of the catalogue pages: home sections, the events list and its aliases, one event.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type {
  Event,
  EventCategory,
  EventsForHomepage,
  RelatedEvents,
  ListResponse,
  Location,
  Participant,
  ParticipantGroup,
  StreamStatus,
} from "@api/contract/catalogue";
import type { FollowTarget } from "~/features/favorites/FollowButton";
import type { SocialImage } from "~/features/events/social-meta";
import { SHARE_IMAGE } from "@api/contract/artwork";
import { parseEventsQuery, type Featured } from "~/lib/events-query";
import { eventSubtitle, eventTitle } from "~/lib/format";
import { isApiRequestError } from "./api/errors";
import { CacheShort, cached, type CacheDeps } from "./cache.server";
import { notFound, optionalUser, requireTenant } from "./guards.server";
import { getT } from "./i18n.server";

/** Below-the-fold or optional data: a failure degrades to a fallback instead of an error page (Hydrogen). */
export async function orEmpty<T>(p: Promise<T>, fallback: T): Promise<T> {
  try {
    return await p;
  } catch (error) {
    console.warn("catalogue call failed:", error instanceof Error ? error.message : String(error));
    return fallback;
  }
}

const NO_EVENTS: EventsForHomepage = { live: [], upcoming: [], recent: [] };

export function loadHomeEvents(context: AppLoadContext): Promise<EventsForHomepage> {
  return orEmpty(optionalUser(context).api.catalogue.eventsForHomepage(), NO_EVENTS);
}

const NO_RELATED: RelatedEvents = { up_next: [], more: [] };

/** The watch page's rails (issue 28), below the fold: a failure leaves them out rather than failing the page. */
export function loadRelatedEvents(context: AppLoadContext, idParam: string | undefined): Promise<RelatedEvents> {
  const id = Number(idParam);
  if (!Number.isSafeInteger(id) || id <= 0) return Promise.resolve(NO_RELATED);
  return orEmpty(requireTenant(context).catalogue.relatedEvents(id), NO_RELATED);
}

/** SPEC §2: menu links name a school or team by alias or name (short names too, as the API accepts them). */
const same = (value: string) => (x: { alias: string; name: string; short_name: string | null }) =>
  [x.alias, x.name, x.short_name].some((v) => v?.toLowerCase() === value.toLowerCase());

/**
 * Catalogue lists for the filters: from the bootstrap when it has them, else from the API, cached per channel and
 * language like the bootstrap (they change rarely). A failure is not cached and leaves the filters empty.
 */
async function filterOptions(context: AppLoadContext) {
  const { bootstrap, catalogue, channel, lang } = requireTenant(context);
  const fromBootstrap = <T>(list: unknown[] | undefined) => (list && list.length ? (list as T[]) : null);
  const load = async () => {
    const [categories, groups, locations, participants] = await Promise.all([
      fromBootstrap<EventCategory>(bootstrap.categories) ?? catalogue.categories(),
      fromBootstrap<ParticipantGroup>(bootstrap.participant_groups) ?? catalogue.participantGroups(),
      fromBootstrap<Location>(bootstrap.locations) ?? catalogue.locations(),
      catalogue.participants().then((r) => r.data),
    ]);
    return { categories: flatten(categories).filter((c) => c.id !== 0), groups, locations, participants };
  };
  const deps: CacheDeps = { kv: context.env.CACHE, waitUntil: (p) => context.ctx.waitUntil(p), now: Date.now };
  return orEmpty(cached(deps, `filters:${channel.alias}:${lang}`, CacheShort, load), { categories: [], groups: [], locations: [], participants: [] });
}

function flatten(categories: EventCategory[]): EventCategory[] {
  return categories.flatMap((c) => [c, ...flatten(c.children ?? [])]);
}

const EMPTY_LIST: ListResponse<Event> = { data: [], meta: { total: 0, offset: 0, limit: 20 } };

const TITLE_KEY: Record<string, string> = { upcoming: "titles.upcoming", live: "titles.live", vod: "titles.vod", schedule: "titles.schedule" };

/** /upcoming and its aliases: the same list, status preset by the route (SPEC §2). */
export async function loadEventsPage(context: AppLoadContext, request: Request, route: "upcoming" | "live" | "vod" | "schedule") {
  const { lang } = requireTenant(context);
  // As the viewer: each card's paywall (has_access, offer) is the API's verdict for them (issue 28).
  const catalogue = optionalUser(context).api.catalogue;
  const status: StreamStatus = route === "live" ? "live" : route === "vod" ? "finished" : "upcoming";
  const url = new URL(request.url);
  const parsed = parseEventsQuery(url.searchParams, status);
  const [list, options, t] = await Promise.all([orEmpty(catalogue.events(parsed.query), EMPTY_LIST), filterOptions(context), getT(lang)]);
  const featured = featuredFor(parsed.filters.school, parsed.filters.team, options.groups, options.participants);
  // Show the form's select on the school or team named by name rather than alias.
  if (featured) parsed.filters[featured.kind] = featured.alias;
  const title = featured ? t("events.featuredTitle", { name: featured.name, list: t(TITLE_KEY[route]) }) : t(TITLE_KEY[route]);
  return {
    route,
    status,
    ...parsed,
    events: list.data,
    paging: list.meta,
    featured,
    // The follow button of a team's, school's or sport's landing (issue 12).
    follow: followTarget(featured, parsed.filters.sport, options.categories),
    options: {
      sports: options.categories.map((c) => ({ value: c.alias, label: c.name })),
      schools: options.groups.map((g) => ({ value: g.alias, label: g.name })),
      teams: options.participants.map((p) => ({ value: p.alias, label: p.name })),
      cities: unique(options.locations.map((l) => l.city)),
      states: unique(options.locations.map((l) => l.state)),
    },
    meta: { title, description: t(`events.description.${status}`) },
    // A crest is an SVG, which social networks do not show: then the channel's share image.
    social: { url: absoluteUrl(context, `${url.pathname}${url.search}`)!, image: displayableImage(context, featured?.image, title), type: "website" as const },
  };
}

function unique(values: (string | null | undefined)[]): { value: string; label: string }[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))].sort().map((v) => ({ value: v, label: v }));
}

function featuredFor(school: string | undefined, team: string | undefined, groups: ParticipantGroup[], teams: Participant[]): Featured | null {
  const t = team ? teams.find(same(team)) : undefined;
  if (t) return { kind: "team", id: t.id, alias: t.alias, name: t.name, image: t.images.logo ?? null, color: t.color };
  const g = school ? groups.find(same(school)) : undefined;
  if (g) return { kind: "school", id: g.id, alias: g.alias, name: g.name, image: g.images.logo ?? null, color: g.color };
  return null;
}

function followTarget(featured: Featured | null, sport: string | undefined, categories: EventCategory[]): FollowTarget | null {
  if (featured) return { type: featured.kind === "team" ? "participant" : "group", id: featured.id, name: featured.name };
  const c = sport ? categories.find((x) => x.alias === sport.toLowerCase() || x.name.toLowerCase() === sport.toLowerCase()) : undefined;
  return c ? { type: "category", id: c.id, name: c.name } : null;
}

/** One event by its id; an unknown id (or one of another channel) is the 404 page. */
export async function loadEvent(context: AppLoadContext, idParam: string | undefined): Promise<Event> {
  const id = Number(idParam);
  if (!/^\d+$/.test(idParam ?? "") || !Number.isSafeInteger(id) || id <= 0) notFound();
  try {
    return await optionalUser(context).api.catalogue.event(id);
  } catch (error) {
    if (isMissing(error)) notFound();
    throw error;
  }
}

/** A 404 (or a refused id) from the API. */
export function isMissing(error: unknown): boolean {
  return isApiRequestError(error, "not_found", "validation");
}

/** An absolute URL on the channel's host (OpenGraph, sitemap). */
export function absoluteUrl(context: AppLoadContext, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return new URL(path, requireTenant(context).origin).toString();
}

/** A generated share image (a 1200×630 PNG the API renders, issue 28) as a card's og:image. */
export function shareImage(context: AppLoadContext, path: string, alt: string): SocialImage {
  return { url: absoluteUrl(context, path)!, ...SHARE_IMAGE, alt };
}

/** A picture as a card's og:image when social networks show it (PNG, JPEG, GIF, WebP), else the channel's share image. */
export function displayableImage(context: AppLoadContext, path: string | null | undefined, alt: string): SocialImage {
  const type = path ? RASTER_TYPES[path.split(/[?#]/)[0].split(".").pop()?.toLowerCase() ?? ""] : undefined;
  if (path && type) return { url: absoluteUrl(context, path)!, type, alt };
  const tenant = requireTenant(context);
  return shareImage(context, tenant.bootstrap.share_image, tenant.bootstrap.settings.title ?? tenant.channel.name);
}

const RASTER_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

export function eventSummary(event: Event): string {
  return [eventTitle(event), eventSubtitle(event), event.category?.name, event.location ? `${event.location.city}, ${event.location.state}` : null].filter(Boolean).join(" · ");
}
