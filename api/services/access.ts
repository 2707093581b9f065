// Who may watch an event (SPEC §3 access types, §6 capabilities and geo): pure rules, no I/O. The callers load the
// user's active orders, the event's category ancestry and the geo flag; these functions only decide.
import { capabilityFlags } from "../contract/auth";
import type { AccessType } from "../contract/catalogue";
import type { OrderLimits } from "../db/commerce-schema";

/** The fields of an event the rules read. */
export interface AccessEvent {
  id: number;
  accessType: AccessType;
  eventCategoryId: number | null;
  homeTeamId: number | null;
  awayTeamId: number | null;
}

/** An order as the rules see it (a subset of the `orders` row, so tests and callers build it freely). */
export interface AccessOrder {
  type: "event" | "package" | "subscription";
  productId: number | null;
  status: "pending" | "paid" | "failed" | "refunded";
  activityStatus: "active" | "inactive";
  eventCategoryId: number | null;
  participantId: number | null;
  /** A pass covering several sports or teams (picked on /select-package, or all of a season pass's) lists them here. */
  selectedCategoryIds?: readonly number[];
  selectedParticipantIds?: readonly number[];
  capabilities: readonly string[];
  limits?: OrderLimits;
  startsAt: number;
  /** Null: open-ended. */
  endsAt: number | null;
}

export interface AccessUser {
  id: number;
  /** The account's own capabilities (orders add theirs). */
  capabilities: readonly string[];
}

export interface AccessInput {
  event: AccessEvent;
  /**
   * The event's category and its ancestors (any order), e.g. [hockey-u18, hockey]: a package for a parent category
   * covers its sub-categories. Empty when the event has no category.
   */
  eventCategoryPath: readonly number[];
  user: AccessUser | null;
  /** The user's orders; the rules themselves keep only the paid, active, current ones. */
  orders: readonly AccessOrder[];
  geoBlocked: boolean;
  /** Epoch ms, from the injected clock. */
  now: number;
}

export type AccessDenial = "geo" | "login" | "purchase";
export type AccessDecision = { allowed: true } | { allowed: false; reason: AccessDenial };

/** Paid, active and within its validity window at `now` (start inclusive, end exclusive). */
export function orderIsActive(order: AccessOrder, now: number): boolean {
  return (
    order.status === "paid" &&
    order.activityStatus === "active" &&
    order.startsAt <= now &&
    (order.endsAt === null || now < order.endsAt)
  );
}

/**
 * Whether an order's product covers the event, whatever the order's state:
 * - event: the order's product is this event;
 * - package: a team pass covers the events where one of its teams plays home or away; a category package covers its
 *   categories and every sub-category; with both set, both must hold; with neither, nothing (a package always names
 *   what it covers). One sport or team sits in the access columns, several in the `selected_*` lists;
 * - subscription: every event of the channel (SPEC §4: the subscription counts as purchased).
 */
export function orderCovers(order: AccessOrder, event: AccessEvent, eventCategoryPath: readonly number[] = categoryPathOf(event)): boolean {
  switch (order.type) {
    case "event":
      return order.productId === event.id;
    case "subscription":
      return true;
    case "package": {
      const { categories, participants: teams } = orderScope(order);
      if (categories.length === 0 && teams.length === 0) return false;
      const team = teams.length === 0 || teams.some((t) => t === event.homeTeamId || t === event.awayTeamId);
      const category = categories.length === 0 || categories.some((c) => eventCategoryPath.includes(c));
      return team && category;
    }
  }
}

/** The single access column and the list together (either may be empty). */
const coveredIds = (one: number | null, many: readonly number[] | undefined): readonly number[] =>
  one === null ? (many ?? []) : many?.length ? [...new Set([one, ...many])] : [one];

/** The sports and teams a package order names: its access column and its `selected_*` list together. */
export const orderScope = (o: AccessOrder): { categories: readonly number[]; participants: readonly number[] } => ({
  categories: coveredIds(o.eventCategoryId, o.selectedCategoryIds),
  participants: coveredIds(o.participantId, o.selectedParticipantIds),
});

const categoryPathOf = (event: AccessEvent): number[] => (event.eventCategoryId === null ? [] : [event.eventCategoryId]);

/** The orders that count now: paid, active and current. */
export const activeOrders = <T extends AccessOrder>(orders: readonly T[], now: number): T[] => orders.filter((o) => orderIsActive(o, now));

/**
 * The access rule. Geo comes first (a blocked country sees the region message whatever it holds); then free →
 * anyone, register → any signed-in user, paid/ppv → a signed-in user with an active order covering the event and
 * the `watch` capability, from the account itself or from one of those covering orders.
 */
export function canWatch(input: AccessInput): AccessDecision {
  if (input.geoBlocked) return { allowed: false, reason: "geo" };
  const { event, user } = input;
  if (event.accessType === "free") return { allowed: true };
  if (!user) return { allowed: false, reason: "login" };
  if (event.accessType === "register") return { allowed: true };
  const covering = activeOrders(input.orders, input.now).filter((o) => orderCovers(o, event, input.eventCategoryPath));
  if (!covering.length) return { allowed: false, reason: "purchase" };
  const canWatchFlag = capabilityFlags([...user.capabilities, ...covering.flatMap((o) => o.capabilities)]).watch;
  return canWatchFlag ? { allowed: true } : { allowed: false, reason: "purchase" };
}

/** What the VOD rule reads: the item's flag, the signed-in user, the capabilities of the user's active passes. */
export interface VodAccessInput {
  requiresVodMedia: boolean;
  user: AccessUser | null;
  /** Capabilities of the user's active orders (passEntitlements); the account's own are in `user`. */
  passCapabilities: readonly string[];
  geoBlocked: boolean;
}

/**
 * The VOD rule, in canWatch's order: geo first; an item without `requires_vod_media` plays for anyone; one with it
 * needs a signed-in user (`login`) holding `vod_media` from the account or an active pass (`purchase`).
 */
export function canWatchVod(input: VodAccessInput): AccessDecision {
  if (input.geoBlocked) return { allowed: false, reason: "geo" };
  if (!input.requiresVodMedia) return { allowed: true };
  if (!input.user) return { allowed: false, reason: "login" };
  const flags = capabilityFlags([...input.user.capabilities, ...input.passCapabilities]);
  return flags.vod_media ? { allowed: true } : { allowed: false, reason: "purchase" };
}

/** `has_access` of an event in the API's answers: the same rule as a boolean. */
export const hasAccess = (input: AccessInput): boolean => canWatch(input).allowed;

/**
 * Capabilities and limits a user holds now: the account's own capabilities merged with those of every active
 * order. Limits are SUMMED over the active passes: each pass sells its own allowance of clips and downloads
 * (SPEC §6 "limits are per pass"), so two passes of 5 downloads give 10.
 */
export function passEntitlements(orders: readonly AccessOrder[], now: number): { capabilities: string[]; limits: Required<OrderLimits> } {
  const current = activeOrders(orders, now);
  const sum = (key: keyof OrderLimits) => current.reduce((total, o) => total + Math.max(0, o.limits?.[key] ?? 0), 0);
  return { capabilities: current.flatMap((o) => o.capabilities), limits: { clips: sum("clips"), downloads: sum("downloads") } };
}

/** What is left of one kind of per-pass allowance (clips or downloads) over the active passes. */
export interface PassAllowance {
  /** Left, summed over the active passes (each pass sells its own allowance). */
  remaining: number;
  /** The pass the next one uses: the one with room that ends first (an open-ended one last), then the oldest. */
  chargeTo: number | null;
  /** That pass's own limit (what a conditional insert checks against), or null when no pass has room. */
  chargeLimit: number | null;
}

/**
 * SPEC §6: clip and download limits are per pass. Each active order's `limits[kind]` minus what was charged to it
 * (`used`, by order id); a pass that has ended takes its count with it, a new one brings its own.
 */
export function passAllowance(orders: readonly (AccessOrder & { id: number })[], used: ReadonlyMap<number, number>, now: number, kind: keyof OrderLimits): PassAllowance {
  const withRoom = activeOrders(orders, now)
    .map((o) => ({ order: o, limit: Math.max(0, o.limits?.[kind] ?? 0), left: Math.max(0, (o.limits?.[kind] ?? 0) - (used.get(o.id) ?? 0)) }))
    .filter((p) => p.left > 0)
    .sort((a, b) => (a.order.endsAt ?? Infinity) - (b.order.endsAt ?? Infinity) || a.order.id - b.order.id);
  const next = withRoom[0];
  return { remaining: withRoom.reduce((sum, p) => sum + p.left, 0), chargeTo: next?.order.id ?? null, chargeLimit: next?.limit ?? null };
}

/**
 * An event's category followed by its ancestors, from the channel's (id, parent) pairs. Parent ids of 0 or null
 * end the chain; a cycle in bad data ends it too.
 */
export function categoryAncestry(categoryId: number | null, parents: ReadonlyMap<number, number | null>): number[] {
  const path: number[] = [];
  for (let id = categoryId; id !== null && id !== 0 && !path.includes(id); id = parents.get(id) ?? null) path.push(id);
  return path;
}
