// What the signed-in buyer already holds (SPEC §4 "Purchased"), worked out from their orders as GET orders lists
// them: the /packages buttons ("Owned") and the disabled choices of /select-package. The API applies the same rules
// again when they buy (api/services/commerce/rules.ts), so this only shapes the page.
import type { Order, Product } from "@api/contract/commerce-types";

export interface Holding {
  owned: boolean;
  disabledCategoryIds: number[];
  disabledParticipantIds: number[];
}

const isActive = (o: Order, now: number) => o.status === "paid" && o.activity_status === "active" && (o.ends_at === null || Date.parse(o.ends_at) > now);

function ordersFor(product: Product, orders: readonly Order[], now: number): Order[] {
  return orders.filter((o) => {
    if (!isActive(o, now)) return false;
    if (product.event_id !== null && o.type === "event") return o.event_id === product.event_id;
    return o.product.id === product.id;
  });
}

export function holding(product: Product, orders: readonly Order[], now: number, catalogue: readonly Product[] = []): Holding {
  const none: Holding = { owned: false, disabledCategoryIds: [], disabledParticipantIds: [] };
  if (product.kind === "bundle") {
    const items = product.items.map((ref) => catalogue.find((p) => p.id === ref.id));
    return { ...none, owned: items.length > 0 && items.every((p) => p !== undefined && p.kind !== "bundle" && holding(p, orders, now).owned) };
  }
  const own = ordersFor(product, orders, now);
  const choosable = product.kind === "package" && product.event_id === null && product.pass_type === "regular" && product.max_choices !== null;
  if (!choosable) return { ...none, owned: own.length > 0 };
  const categories = new Set(own.flatMap((o) => (o.selected_category_ids.length ? o.selected_category_ids : o.product.event_category_id !== null ? [o.product.event_category_id] : [])));
  const participants = new Set(own.flatMap((o) => (o.selected_participant_ids.length ? o.selected_participant_ids : o.product.participant_id !== null ? [o.product.participant_id] : [])));
  const disabledCategoryIds = product.event_categories.map((c) => c.id).filter((id) => categories.has(id));
  const disabledParticipantIds = product.participants.map((p) => p.id).filter((id) => participants.has(id));
  const owned = product.is_team_pass
    ? product.participants.length > 0 && disabledParticipantIds.length === product.participants.length
    : product.event_categories.length > 0 && disabledCategoryIds.length === product.event_categories.length;
  return { owned, disabledCategoryIds, disabledParticipantIds };
}
