// The passes that cover an event (issue 5's purchase prompt on /watch/{id}): category passes of the event's sport or
// one of its parent sports, and team passes of one of its two teams. Mirrors the API's access rule (access.ts
// orderCovers); the API decides again when the pass is bought and the event played.
import type { Product } from "@api/contract/commerce-types";
import type { EventCategory } from "@api/contract/catalogue";
import { buyHref } from "~/features/commerce/format";

export interface CoveringPass {
  id: number;
  name: string;
  price: number;
  currency: Product["currency"];
  /** /select-package/{id} for a pass with choices, else /buy?package_id={id}. */
  href: string;
}

/** The sport `id` and its ancestors, from the category tree the app already loads (bootstrap). */
export function categoryPath(tree: readonly EventCategory[], id: number | null): number[] {
  if (id === null) return [];
  const walk = (nodes: readonly EventCategory[], trail: number[]): number[] | null => {
    for (const node of nodes) {
      const here = [node.id, ...trail];
      if (node.id === id) return here;
      const found = walk(node.children ?? [], here);
      if (found) return found;
    }
    return null;
  };
  return (walk(tree, []) ?? [id]).filter((c) => c !== 0);
}

export function coveringPasses(packages: readonly Product[], event: { event_category_id: number | null; teamIds: readonly number[] }, tree: readonly EventCategory[]): CoveringPass[] {
  const path = categoryPath(tree, event.event_category_id);
  return packages
    .filter((p) => p.kind === "package" && p.pass_type === "regular" && p.event_id === null)
    .filter((p) =>
      p.is_team_pass ? p.participants.some((team) => event.teamIds.includes(team.id)) : p.event_categories.some((c) => path.includes(c.id)),
    )
    .map((p) => ({ id: p.id, name: p.name, price: p.price, currency: p.currency, href: buyHref(p) }));
}
