// /share/{id}/{uuid}/video.mp4: the shared clip's file at an address that does not expire (the share page's og:video).
// Each request is redirected to a freshly signed URL, which is valid for 10 minutes; nothing may keep the redirect.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { freshRedirect, loadSharedClip } from "~/features/clips/shared.server";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const { clip } = await loadSharedClip(context, params);
  return freshRedirect(clip.file.url);
}
