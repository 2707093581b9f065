// Event download rules (SPEC §6/§7, issue 5; issue 15: per pass, and saying where a long event's file stops).
// Pure rules first, then the loaders the routes call with a plain scope.
import { capabilityFlags } from "../contract/auth";
import type { DownloadAllowance } from "../contract/media";
import type { Db } from "../db/client";
import * as repo from "../db/repos/downloads";
import { type AccessOrder, activeOrders, type PassAllowance, passAllowance } from "./access";

/** The longest recording one download covers: every segment is an R2 read, and a request's reads are bounded. */
export const MAX_DOWNLOAD_S = 3 * 3600;

/** What one file of an event holds: its segments 1…last, i.e. the whole event or its first MAX_DOWNLOAD_S. */
export function downloadCoverage(durationMs: number, segmentS: number): { last: number; coversS: number; durationS: number } {
  const durationS = Math.max(0, durationMs / 1000);
  const whole = Math.max(1, Math.ceil(durationS / segmentS - 1e-9));
  const last = Math.min(whole, Math.ceil(MAX_DOWNLOAD_S / segmentS - 1e-9));
  return { last, coversS: Math.round(Math.min(durationS, last * segmentS)), durationS: Math.round(durationS) };
}

type DownloadOrder = AccessOrder & { id: number };

/**
 * The viewer's download verdict: null without the `download` capability (account or an active pass); otherwise the
 * downloads left on the active passes (each pass's `limits.downloads` minus what was charged to it) and the pass the
 * next one is charged to.
 */
export function downloadAllowance(
  user: { capabilities: readonly string[] } | null,
  orders: readonly DownloadOrder[],
  used: ReadonlyMap<number, number>,
  now: number,
): PassAllowance | null {
  if (!user) return null;
  const capabilities = [...user.capabilities, ...activeOrders(orders, now).flatMap((o) => o.capabilities)];
  if (!capabilityFlags(capabilities).download) return null;
  return passAllowance(orders, used, now, "downloads");
}

export interface DownloadScope {
  db: Db;
  channelId: number;
}

export interface DownloadViewer {
  user: { id: number; capabilities: readonly string[] } | null;
  orders: readonly DownloadOrder[];
  now: number;
}

/** The allowance of a loaded viewer, reading what their active passes have used (one query). */
export async function loadDownloadAllowance(s: DownloadScope, viewer: DownloadViewer): Promise<PassAllowance | null> {
  if (!viewer.user) return null;
  const ids = activeOrders(viewer.orders, viewer.now).map((o) => (o as DownloadOrder).id);
  const used = await repo.downloadsUsedByOrder(s.db, s.channelId, ids);
  return downloadAllowance(viewer.user, viewer.orders, used, viewer.now);
}

/** The verdict the playback grant carries: what is left and how much of the event the file holds. */
export function downloadVerdict(allowance: PassAllowance | null, eventMs: number, segmentS: number): DownloadAllowance | null {
  if (!allowance) return null;
  const { coversS, durationS } = downloadCoverage(eventMs, segmentS);
  return { remaining: allowance.remaining, covers_s: coversS, duration_s: durationS };
}

/** The verdict for media the provider holds: its MP4 is the whole recording (no segments to read here). */
export function hostedDownloadVerdict(allowance: PassAllowance | null, eventMs: number): DownloadAllowance | null {
  if (!allowance) return null;
  const durationS = Math.round(Math.max(0, eventMs / 1000));
  return { remaining: allowance.remaining, covers_s: durationS, duration_s: durationS };
}

/** Charges one download to the pass the allowance names; null when no pass has room (or another request took it). */
export async function chargeDownload(s: DownloadScope, allowance: PassAllowance, d: { userId: number; eventId: number; now: number }): Promise<number | null> {
  if (allowance.chargeTo === null || allowance.chargeLimit === null) return null;
  const used = await repo.takeDownload(s.db, { channelId: s.channelId, userId: d.userId, orderId: allowance.chargeTo, eventId: d.eventId, now: d.now }, allowance.chargeLimit);
  return used === null ? null : allowance.remaining - 1;
}
