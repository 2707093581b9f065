// Writes a tenant's products and coupons (products.ts) after the catalogue, in the loader's one batch:
// sports, teams and events are resolved from their aliases and keys in SQL, so rows written earlier in the batch are
// found; addon and bundle links between products are set once every product of the channel exists.
import { getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { eventCategories, events, participants } from "../db/catalogue-schema";
import { coupons, products } from "../db/commerce-schema";
import { couponRows, productRows } from "./products";
import { byAlias, CHANNEL_ID, syncParts, type Section } from "./sync";

/** A JSON array of aliases (the row's value `v`) as a JSON array of the channel's ids in `table`, in the same order. */
const idsByAlias =
  (table: SQLiteTable, column = "alias") =>
  (v: string) =>
    `(SELECT json_group_array(x.id) FROM (SELECT r.id AS id FROM json_each(${v}) AS a JOIN "${getTableName(table)}" AS r ` +
    `ON r.channel_id = ${CHANNEL_ID} AND r."${column}" = a.value ORDER BY a.key) AS x)`;

// [key, addon_of key, [bundle item keys]] per product, bound as ?2.
const link = (index: number) => `(SELECT json_extract(j.value, '$[${index}]') FROM json_each(?2) AS j WHERE json_extract(j.value, '$[0]') = products.key)`;
const LINKS =
  `UPDATE products SET addon_of = (SELECT p.id FROM products AS p WHERE p.channel_id = products.channel_id AND p.key = ${link(1)}), ` +
  `bundle_item_ids = (SELECT json_group_array(x.id) FROM (SELECT p.id AS id FROM json_each(${link(2)}) AS a JOIN products AS p ` +
  `ON p.channel_id = products.channel_id AND p.key = a.value ORDER BY a.key) AS x) WHERE channel_id = ${CHANNEL_ID}`;

export const productSections: Section[] = [
  {
    name: "products",
    count: (def) => def.products?.products.length ?? 0,
    statements: (ctx) => {
      const file = ctx.def.products;
      const declared = file?.products ?? [];
      const rows = file
        ? productRows(file).map((row, i) => ({
            ...row,
            image: row.image ? ctx.image(row.image) : null,
            eventCategoryIds: declared[i].sports as unknown as number[],
            participantIds: declared[i].teams as unknown as number[],
            eventId: (declared[i].event ?? null) as unknown as number,
          }))
        : [];
      const { writes, stale } = syncParts(ctx, {
        table: products,
        key: ["key"],
        rows,
        refs: { eventCategoryIds: idsByAlias(eventCategories), participantIds: idsByAlias(participants), eventId: byAlias(events, "key") },
      });
      const links = JSON.stringify(declared.map((p) => [p.key, p.addon_of ?? null, p.items]));
      return [...writes, ctx.d1.prepare(LINKS).bind(ctx.def.alias, links), stale];
    },
  },
  {
    name: "coupons",
    count: (def) => def.products?.coupons.length ?? 0,
    statements: (ctx) => {
      const file = ctx.def.products;
      // times_redeemed is never written here: reloading a tenant must not reset what buyers used.
      const rows = file ? couponRows(file).map((row, i) => ({ ...row, productIds: file.coupons[i].products as unknown as number[] })) : [];
      const { writes, stale } = syncParts(ctx, { table: coupons, key: ["code"], rows, refs: { productIds: idsByAlias(products, "key") } });
      return [...writes, stale];
    },
  },
];
