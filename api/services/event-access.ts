// `has_access`, the playback check and the download check for the request's viewer: loads what the pure rules in
// access.ts need (the user, their active orders, the category tree, the geo flag) once per request, then decides per event.
import type { Context } from "hono";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import type { EventOffer } from "../contract/catalogue-types";
import { activeOrdersQuery, categoryParentsQuery, parentMap } from "../db/repos/orders";
import { activeProductsQuery } from "../db/repos/products";
import type { EventRow } from "../db/repos/catalogue-events";
import type { OrderRow } from "../db/schema";
import { bearerToken, currentUser } from "../middleware/user";
import { canWatch, categoryAncestry, type AccessDecision } from "./access";
import type { SessionRow } from "./auth/sessions";
import { requestGeoBlocked, type UserRow } from "./auth/users";
import { eventOffer, type OfferCatalogue } from "./commerce/event-offers";
import type { Lang } from "./lang";

export interface Viewer {
  user: UserRow | null;
  /** The signed-in device, when the viewer was loaded from the request's token (a stream counts per device). */
  session: SessionRow | null;
  orders: OrderRow[];
  categoryParents: ReadonlyMap<number, number | null>;
  geoBlocked: boolean;
  now: number;
}

/** The viewer of this request: the Bearer user when there is one (a bad token counts as anonymous). */
export async function loadViewer(c: Context<AppEnv>): Promise<Viewer> {
  const found = bearerToken(c) ? await currentUser(c) : null;
  return viewerFor(c, found?.user ?? null, found?.session ?? null);
}

/** What the rules need about a viewer: nothing to read for anonymous; the user's orders and the sport tree in one batch. */
export async function viewerFor(c: Context<AppEnv>, user: UserRow | null, session: SessionRow | null = null): Promise<Viewer> {
  const now = c.get("now")();
  const geoBlocked = requestGeoBlocked(c);
  if (!user) return { user: null, session: null, orders: [], categoryParents: new Map(), geoBlocked, now };
  const db = c.get("db");
  const [orders, parents] = await db.batch([activeOrdersQuery(db, user.channelId, user.id, now), categoryParentsQuery(db, user.channelId)]);
  return { user, session, orders, categoryParents: parentMap(parents), geoBlocked, now };
}

/** May this viewer watch this event (and if not, why: geo, login or purchase). */
export function viewerDecision(viewer: Viewer, event: EventRow): AccessDecision {
  return canWatch({
    event,
    eventCategoryPath: categoryAncestry(event.eventCategoryId, viewer.categoryParents),
    user: viewer.user && { id: viewer.user.id, capabilities: viewer.user.capabilities },
    orders: viewer.orders,
    geoBlocked: viewer.geoBlocked,
    now: viewer.now,
  });
}

/** The `has_access` of each event for this viewer. */
export const viewerAccess =
  (viewer: Viewer) =>
  (event: EventRow): boolean =>
    viewerDecision(viewer, event).allowed;

/** What a list says of each event for its viewer: whether they may watch, and if not, the cheapest way to (issue 28). */
export interface EventVerdict {
  has_access: boolean;
  offer: EventOffer | null;
}
export type Verdicts = (event: EventRow) => EventVerdict;

/** For lists that are not the viewer's (a calendar feed): nothing watchable, nothing offered. */
export const noVerdict: Verdicts = () => ({ has_access: false, offer: null });

/** What the offers are read in: the request's database and channel (a plain scope, no request context). */
export interface OfferScope {
  db: Db;
  channelId: number;
}

/** The plain scope of a request, for the routes. */
export const offerScope = (c: Context<AppEnv>): OfferScope => ({ db: c.get("db"), channelId: c.get("channel").id });

/** The channel's products on sale and its sport tree: one batch, whatever the length of the list. */
export async function loadOfferCatalogue({ db, channelId }: OfferScope): Promise<OfferCatalogue> {
  const [products, parents] = await db.batch([activeProductsQuery(db, channelId, ["package", "subscription", "bundle"]), categoryParentsQuery(db, channelId)]);
  return { products, categoryParents: parentMap(parents) };
}

/** has_access and the offer of each event for this viewer; the products are read in parallel with the viewer. */
export async function loadVerdicts(scope: OfferScope, viewer: Viewer | Promise<Viewer>, l: Lang): Promise<Verdicts> {
  const [v, catalogue] = await Promise.all([viewer, loadOfferCatalogue(scope)]);
  return viewerVerdicts(v, catalogue, l);
}

export function viewerVerdicts(viewer: Viewer, catalogue: OfferCatalogue, l: Lang): Verdicts {
  const buyer = { orders: viewer.orders, user: viewer.user && { trial_period_used: viewer.user.trialPeriodUsed }, now: viewer.now };
  return (event) => {
    const decision = viewerDecision(viewer, event);
    return { has_access: decision.allowed, offer: eventOffer(event, decision, catalogue, buyer, l) };
  };
}
