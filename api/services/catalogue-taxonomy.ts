// Maps sports, venues, schools and teams to the wire shapes (SPEC §3), resolving translatable names.
import type { EventCategory, Images, Location, Participant, ParticipantGroup, ParticipantGroupProperty } from "../contract/catalogue";
import type { CategoryRow, GroupPropertyRow, GroupRow, LocationRow, ParticipantRow } from "../db/repos/catalogue-taxonomy";
import type { Lang } from "./lang";
import { tr } from "./lang";

/** SPEC §3: the home category placeholder, title All, id 0, parent_id 0. */
export const ALL_CATEGORY: EventCategory = { id: 0, alias: "all", name: "All", parent_id: 0, image: null, children: [] };

/** Sports as a tree (children in weight order), with the "All" placeholder first. Roots have parent_id 0. */
export function toCategoryTree(rows: CategoryRow[], l: Lang): EventCategory[] {
  const byId = new Map<number, EventCategory>();
  for (const r of rows) {
    byId.set(r.id, { id: r.id, alias: r.alias, name: tr(r.name, l), parent_id: r.parentId ?? 0, image: r.image, children: [] });
  }
  const roots: EventCategory[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId != null && r.parentId !== r.id ? byId.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return [{ ...ALL_CATEGORY, children: [] }, ...roots];
}

export function toLocation(r: LocationRow, l: Lang): Location {
  return { id: r.id, name: tr(r.name, l), address: r.address, city: r.city, state: r.state, country: r.country };
}

export function toGroup(r: GroupRow, l: Lang): ParticipantGroup {
  return {
    id: r.id,
    alias: r.alias,
    name: tr(r.name, l),
    short_name: r.shortName,
    images: r.images as Images,
    color: r.color,
    city: r.city,
    state: r.state,
    properties: r.properties,
  };
}

export function toGroupProperty(r: GroupPropertyRow, l: Lang): ParticipantGroupProperty {
  return { id: r.id, key: r.key, name: tr(r.name, l), values: r.values };
}

/** What every view of a team shows: identity, names, crest and colour. */
export function teamIdentity(r: ParticipantRow, l: Lang) {
  return { id: r.id, alias: r.alias, name: tr(r.name, l), short_name: r.shortName, images: r.images as Images, color: r.color };
}

export function toParticipant(r: ParticipantRow, sportAlias: string | null, l: Lang): Participant {
  return {
    ...teamIdentity(r, l),
    group_id: r.groupId,
    parent_id: r.parentId,
    event_category_id: r.eventCategoryId,
    properties: { ...r.properties, gender: r.gender, sport: sportAlias },
    children: [],
  };
}

/** Top-level teams with their children nested (children of teams not on the page are dropped). */
export function toParticipants(top: ParticipantRow[], children: ParticipantRow[], categories: CategoryRow[], l: Lang): Participant[] {
  const sport = new Map(categories.map((c) => [c.id, c.alias]));
  const sportOf = (r: ParticipantRow) => (r.eventCategoryId != null ? (sport.get(r.eventCategoryId) ?? null) : null);
  const byId = new Map<number, Participant>();
  const out = top.map((r) => {
    const p = toParticipant(r, sportOf(r), l);
    byId.set(r.id, p);
    return p;
  });
  for (const r of children) {
    const parent = r.parentId != null ? byId.get(r.parentId) : undefined;
    if (parent) parent.children.push(toParticipant(r, sportOf(r), l));
  }
  return out;
}
