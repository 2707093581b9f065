// The shared clip a /share/{id}/{uuid} URL names (the page and its stable card redirects): the 404 page for a
// malformed id or uuid, or for no such ready clip of this channel.
import { sharedClipQuerySchema, type SharedClip } from "@api/contract/clips";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Params } from "@remix-run/react";
import { isMissing } from "~/server/events.server";
import { notFound, requireTenant } from "~/server/guards.server";
import type { ReadyTenant } from "~/server/tenant.server";

export async function loadSharedClip(context: AppLoadContext, params: Params): Promise<{ tenant: ReadyTenant; clip: SharedClip }> {
  const tenant = requireTenant(context);
  const id = Number(params.id);
  if (!/^\d+$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id <= 0) notFound();
  if (!sharedClipQuerySchema.shape.uuid.safeParse(params.uuid).success) notFound();
  const clip = await tenant.clips.shared(id, params.uuid!).catch((error) => {
    if (isMissing(error)) notFound();
    throw error;
  });
  return { tenant, clip };
}

/** A redirect to a freshly signed URL (valid minutes): what the cards' stable addresses answer; nothing may keep it. */
export const freshRedirect = (url: string) => new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "no-store" } });
