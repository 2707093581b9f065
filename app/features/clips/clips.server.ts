// What a watch page loads for its clips (issue 11): the user's clips of the item and, when the API's verdict says a
// pass would let them clip, those passes' names and prices (the public catalogue lists, already cached).
import type { Clip } from "@api/contract/clips";
import type { ClipTagSetting } from "@api/contract/settings";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { buyHref } from "~/features/commerce/format";
import type { CoveringPass } from "~/features/orders/PassList";
import type { PlaybackResult } from "~/server/api/playback.server";
import type { ReadyTenant } from "~/server/tenant.server";
import { optionalUser } from "~/server/guards.server";

export interface ClipAreaData {
  clips: Clip[];
  passes: CoveringPass[];
  /** The channel's clip tags (setting `clips.tags`) and its origin (share links). */
  tags: ClipTagSetting[];
  origin: string;
}

export async function loadClipArea(
  context: AppLoadContext,
  tenant: ReadyTenant,
  playback: PlaybackResult,
  source: { event_id: number } | { event_media_id: number },
): Promise<ClipAreaData | null> {
  if (playback.kind !== "allowed") return null;
  const { user, api } = optionalUser(context);
  const wanted = new Set(playback.grant.clip.covering_passes);
  const [clips, passes] = await Promise.all([
    user ? api.clips.list({ ...source, limit: 50 }).then((r) => r.data) : Promise.resolve([]),
    wanted.size
      ? Promise.all([tenant.commerce.packages(), tenant.commerce.subscriptions()]).then(([packages, subscriptions]) =>
          [...subscriptions, ...packages].filter((p) => wanted.has(p.id)).map((p) => ({ id: p.id, name: p.name, price: p.price, currency: p.currency, href: buyHref(p) })),
        )
      : Promise.resolve([]),
  ]);
  return { clips, passes, tags: tenant.bootstrap.settings["clips.tags"], origin: tenant.origin };
}
