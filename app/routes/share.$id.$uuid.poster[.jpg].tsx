// /share/{id}/{uuid}/poster.jpg: the shared clip's poster frame at an address that does not expire (og:image).
// Each request is redirected to a freshly signed URL, valid for 10 minutes; a clip without a poster is a 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { freshRedirect, loadSharedClip } from "~/features/clips/shared.server";
import { notFound } from "~/server/guards.server";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const { clip } = await loadSharedClip(context, params);
  if (!clip.poster) notFound();
  return freshRedirect(clip.poster.url);
}
