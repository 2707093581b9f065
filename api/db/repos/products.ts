// The channel's products (packages, subscriptions, addons, bundles) and the names they refer to. Unexecuted
// builders, so a route (and the bootstrap) answers in one db.batch.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { eventCategories, participants, products } from "../schema";

/** Active products, in weight order (products_list_idx). */
export const activeProductsQuery = (db: Db, channelId: number, kinds: readonly ("package" | "subscription" | "bundle")[]) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.channelId, channelId), inArray(products.kind, [...kinds]), eq(products.active, true)))
    .orderBy(asc(products.weight), asc(products.id));

/** One active product by id, of the channel only (another channel's id is simply not found). */
export const productByIdQuery = (db: Db, channelId: number, id: number) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.channelId, channelId), eq(products.id, id), eq(products.active, true)))
    .limit(1);

/** The simultaneous-logins limit of the given products (inactive ones too: a pass bought earlier keeps its terms). */
export const productLoginLimitsQuery = (db: Db, channelId: number, ids: readonly number[]) =>
  db
    .select({ id: products.id, simultaneousLogins: products.simultaneousLogins })
    .from(products)
    .where(and(eq(products.channelId, channelId), inArray(products.id, ids.length ? [...ids] : [0])));

/** Every active product's id, name and pass link: what addons and bundle items name (a channel has tens). */
export const productRefsQuery = (db: Db, channelId: number) =>
  db
    .select({ id: products.id, name: products.name, addonOf: products.addonOf, kind: products.kind })
    .from(products)
    .where(and(eq(products.channelId, channelId), eq(products.active, true)))
    .orderBy(asc(products.weight), asc(products.id));

/** Names of the sports the channel's products cover. */
export const productCategoryNamesQuery = (db: Db, channelId: number) =>
  db
    .select({ id: eventCategories.id, name: eventCategories.name })
    .from(eventCategories)
    .where(
      and(
        eq(eventCategories.channelId, channelId),
        sql`${eventCategories.id} IN (SELECT j.value FROM ${products} AS p, json_each(p.event_category_ids) AS j WHERE p.channel_id = ${channelId})`,
      ),
    );

/** Names of the teams the channel's team passes cover (only those, not the channel's hundreds of teams). */
export const productParticipantNamesQuery = (db: Db, channelId: number) =>
  db
    .select({ id: participants.id, name: participants.name })
    .from(participants)
    .where(
      and(
        eq(participants.channelId, channelId),
        sql`${participants.id} IN (SELECT j.value FROM ${products} AS p, json_each(p.participant_ids) AS j WHERE p.channel_id = ${channelId})`,
      ),
    );

/** What a product list needs besides the products: the names it refers to, in one batch with them. */
export const productNameQueries = (db: Db, channelId: number) =>
  [productRefsQuery(db, channelId), productCategoryNamesQuery(db, channelId), productParticipantNamesQuery(db, channelId)] as const;

export type ProductRefRow = Awaited<ReturnType<typeof productRefsQuery>>[number];
export type NameRow = { id: number; name: unknown };
