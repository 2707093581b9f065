// Clip rules (SPEC §4 clip flow, §5 clip validation, §6 "Clip and download limits are per pass", §9 5 minutes): pure
// functions, no I/O. Callers load the viewer's orders, what each pass has used, and the source's timeline.
import { capabilityFlags } from "../../contract/auth";
import { CLIP_MAX_DURATION_S, type ClipMessageKey, type ClipRefusal } from "../../contract/clips";
import { type AccessOrder, activeOrders, type PassAllowance, passAllowance } from "../access";

/** A cut snapped to the source's segments: segment n covers [(n-1)·d, n·d) seconds on the source's timeline. */
export interface SnappedCut {
  first: number;
  last: number;
  startMs: number;
  durationMs: number;
}

export type CutResult = { ok: true; cut: SnappedCut } | { ok: false; field: "start_time" | "duration"; message: ClipMessageKey };

/**
 * Snaps an asked range to the nearest segment boundaries, so the file (whole segments, no re-encode) is never more
 * than half a segment off at either end, and its length within one segment of what was asked. `availableS` is how
 * much of the source exists now: the whole recording once finished, up to the last complete segment while live.
 */
export function snapCut(ask: { startS: number; durationS: number }, segmentS: number, availableS: number): CutResult {
  if (!(ask.startS >= 0) || ask.startS >= availableS) return { ok: false, field: "start_time", message: "startOutside" };
  if (!(ask.durationS > 0) || ask.durationS > CLIP_MAX_DURATION_S) return { ok: false, field: "duration", message: "maxDuration" };
  // A little slack: a player's position and the server's edge can differ by a frame or two.
  if (ask.startS + ask.durationS > availableS + 0.5) return { ok: false, field: "duration", message: "longerThanEnd" };
  const segments = Math.max(1, Math.floor(availableS / segmentS + 1e-9));
  let first = Math.round(ask.startS / segmentS) + 1;
  let last = Math.round((ask.startS + ask.durationS) / segmentS);
  last = Math.min(last, segments);
  first = Math.min(first, segments);
  if (last < first) last = first;
  // Snapping up must not make a 5-minute ask longer than 5 minutes.
  const maxSegments = Math.floor(CLIP_MAX_DURATION_S / segmentS + 1e-9);
  if (last - first + 1 > maxSegments) last = first + maxSegments - 1;
  const segmentMs = Math.round(segmentS * 1000);
  return { ok: true, cut: { first, last, startMs: (first - 1) * segmentMs, durationMs: (last - first + 1) * segmentMs } };
}

/** An order as the allowance rule sees it: the access fields and its id. */
export type ClipOrder = AccessOrder & { id: number };

export type ClipAllowance = Pick<PassAllowance, "remaining" | "chargeTo">;

/** Clips left per pass: each active order's `limits.clips` minus the clips charged to it (`used`, by order id). */
export function clipAllowance(orders: readonly ClipOrder[], used: ReadonlyMap<number, number>, now: number): ClipAllowance {
  const { remaining, chargeTo } = passAllowance(orders, used, now, "clips");
  return { remaining, chargeTo };
}

/** Whether the account or one of its active passes grants a capability. */
export function holdsCapability(user: { capabilities: readonly string[] }, orders: readonly AccessOrder[], now: number, capability: "clipping" | "download_clip"): boolean {
  return capabilityFlags([...user.capabilities, ...activeOrders(orders, now).flatMap((o) => o.capabilities)])[capability];
}

export type ClipDecision = { allowed: true; chargeTo: number | null; remaining: number } | { allowed: false; reason: ClipRefusal; remaining: number };

/**
 * May this viewer cut a clip of an item they may watch: signed in (login), the item started (upcoming), the
 * `clipping` capability (capability), and a clip left on a pass (limit).
 */
export function clipDecision(input: {
  user: { capabilities: readonly string[] } | null;
  orders: readonly ClipOrder[];
  used: ReadonlyMap<number, number>;
  started: boolean;
  now: number;
}): ClipDecision {
  if (!input.user) return { allowed: false, reason: "login", remaining: 0 };
  const allowance = clipAllowance(input.orders, input.used, input.now);
  if (!input.started) return { allowed: false, reason: "upcoming", remaining: allowance.remaining };
  if (!holdsCapability(input.user, input.orders, input.now, "clipping")) return { allowed: false, reason: "capability", remaining: allowance.remaining };
  if (allowance.remaining <= 0) return { allowed: false, reason: "limit", remaining: 0 };
  return { allowed: true, chargeTo: allowance.chargeTo, remaining: allowance.remaining };
}

/** A pass on sale that would let this viewer clip the item: it covers the item, grants `clipping` and some clips. */
export function sellsClipping(product: { capabilities: readonly string[]; limits: { clips?: number } }): boolean {
  return capabilityFlags(product.capabilities).clipping && (product.limits.clips ?? 0) > 0;
}

/** The thumbnail of the asset shown at `second` of a timeline that loops the asset (one every `interval` seconds). */
export function thumbnailIndex(second: number, interval: number, count: number, loopS: number): number {
  const t = ((second % loopS) + loopS) % loopS;
  return Math.min(count - 1, Math.max(0, Math.floor(t / interval)));
}
