// POST /action/preroll-played (issue 5, SPEC §4): the player tells the server a preroll ended or was skipped, and
// the API suppresses prerolls for this user (or, signed out, this viewer id) for the channel's suppression time.
// A resource route: it answers 204 and the page does not revalidate.
import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser } from "~/server/guards.server";
import { applyExpiredSession, applyViewerCookie } from "~/server/session.server";
import { readForm } from "~/server/form.server";

const formSchema = z.object({ preroll_id: z.coerce.number().int().positive() });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { api } = optionalUser(context);
  const parsed = formSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return new Response("preroll_id is required.\n", { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { session, viewer } = context;
  try {
    await api.playback.prerollPlayed(parsed.data.preroll_id);
  } catch (error) {
    // Suppression is a courtesy to the viewer: a failure only means the preroll may play again, so it is not shown.
    if (!isApiRequestError(error, "not_found", "unauthenticated")) console.warn("preroll played not recorded:", error instanceof Error ? error.message : error);
  }
  // Resource routes skip entry.server's cookie handling: clear a refused session and keep the viewer id here.
  const headers = new Headers();
  applyExpiredSession(headers, request, session);
  applyViewerCookie(headers, request, viewer);
  return new Response(null, { status: 204, headers });
}

export const loader = () => redirect("/");
