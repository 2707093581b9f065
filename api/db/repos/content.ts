// Channel content queries. Each builder returns an unexecuted query, so a caller can run several in one
// D1 round trip with db.batch (the bootstrap call does).
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { channelSettings, colorSettings, customForms, faqs, menuItems, pages, prerolls, slides, staticBlocks } from "../schema";

export const settingsQuery = (db: Db, channelId: number) =>
  db.select({ key: channelSettings.key, value: channelSettings.value }).from(channelSettings).where(eq(channelSettings.channelId, channelId));

/** One setting's stored row (none when the channel keeps the default). */
export const settingQuery = (db: Db, channelId: number, key: string) =>
  db
    .select({ value: channelSettings.value })
    .from(channelSettings)
    .where(and(eq(channelSettings.channelId, channelId), eq(channelSettings.key, key)))
    .limit(1);

export const colorsQuery = (db: Db, channelId: number, clientInterface: string) =>
  db
    .select({ key: colorSettings.key, value: colorSettings.value })
    .from(colorSettings)
    .where(and(eq(colorSettings.channelId, channelId), eq(colorSettings.clientInterface, clientInterface)));

export const menuQuery = (db: Db, channelId: number) =>
  db.select().from(menuItems).where(eq(menuItems.channelId, channelId)).orderBy(asc(menuItems.weight), asc(menuItems.id));

export const slidesQuery = (db: Db, channelId: number, clientInterface: string, type?: string) =>
  db
    .select()
    .from(slides)
    .where(
      and(
        eq(slides.channelId, channelId),
        eq(slides.clientInterface, clientInterface),
        type ? eq(slides.slidableType, type as "main") : undefined,
      ),
    )
    .orderBy(asc(slides.weight), asc(slides.id));

export const pageListQuery = (db: Db, channelId: number) =>
  db
    .select({ id: pages.id, url: pages.url, name: pages.name, altName: pages.altName, weight: pages.weight })
    .from(pages)
    .where(eq(pages.channelId, channelId))
    .orderBy(asc(pages.weight), asc(pages.id));

export const faqQuery = (db: Db, channelId: number) =>
  db.select().from(faqs).where(eq(faqs.channelId, channelId)).orderBy(asc(faqs.weight), asc(faqs.id));

export const staticBlocksQuery = (db: Db, channelId: number) =>
  db.select().from(staticBlocks).where(eq(staticBlocks.channelId, channelId)).orderBy(asc(staticBlocks.placement), asc(staticBlocks.weight));

export const prerollsQuery = (db: Db, channelId: number) =>
  db.select().from(prerolls).where(eq(prerolls.channelId, channelId)).orderBy(asc(prerolls.id));

export function findPage(db: Db, channelId: number, id: number) {
  return db.select().from(pages).where(and(eq(pages.channelId, channelId), eq(pages.id, id))).get();
}

export function findCustomForm(db: Db, channelId: number, alias: string) {
  return db.select().from(customForms).where(and(eq(customForms.channelId, channelId), eq(customForms.alias, alias))).get();
}

export type MenuRow = typeof menuItems.$inferSelect;
export type SlideRow = typeof slides.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;
export type StaticBlockRow = typeof staticBlocks.$inferSelect;
export type PrerollRow = typeof prerolls.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
export type CustomFormRow = typeof customForms.$inferSelect;
