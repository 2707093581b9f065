// Maps VOD rows to the wire shapes (SPEC §3 "VOD item", "VOD rail").
import type { VodCategory, VodItem, VodRail } from "../contract/catalogue";
import type { VodCategoryRow, VodItemRow, VodRailRow } from "../db/repos/catalogue-vod";
import type { Lang } from "./lang";
import { tr, trOpt } from "./lang";

export function toVodItem(r: VodItemRow, l: Lang): VodItem {
  return {
    id: r.id,
    title: tr(r.title, l),
    description: trOpt(r.description, l),
    date: new Date(r.date).toISOString(),
    duration: r.durationS,
    category_id: r.categoryId,
    event_id: r.eventId,
    requires_vod_media: r.requiresVodMedia,
    assets: r.assets,
  };
}

export function toVodCategory(r: VodCategoryRow, l: Lang): VodCategory {
  return { id: r.id, alias: r.alias, name: tr(r.name, l), parent_id: r.parentId };
}

/** Rails in the given (weight) order, each with its items in rail order. */
export function toRails(rails: VodRailRow[], items: { railId: number; item: VodItemRow }[], l: Lang): VodRail[] {
  const byRail = new Map<number, VodItem[]>();
  for (const { railId, item } of items) {
    let list = byRail.get(railId);
    if (!list) byRail.set(railId, (list = []));
    list.push(toVodItem(item, l));
  }
  return rails.map((r) => ({ id: r.id, title: tr(r.title, l), vod_media_items: byRail.get(r.id) ?? [] }));
}
