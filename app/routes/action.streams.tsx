// POST /action/streams (issue 13): the player's side of the concurrent-streams limit, as the signed-in viewer.
// - intent=beat: the heartbeat; answers JSON { state: ok | stopped | expired | signed_out } for the player.
// - intent=release: the player closed (sent with sendBeacon when the page goes away); 204.
// - intent=stop, id, redirectTo: stops another device's stream from the limit prompt, then back to the page, whose
//   loader asks for playback again. A plain form, so it works without JavaScript.
// A resource route: the page does not revalidate unless the player asks it to.
import { type ActionFunctionArgs, json, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { safeRedirectPath } from "@api/lib/safe-redirect";
import { isApiRequestError } from "~/server/api/errors";
import type { StreamBeat } from "~/server/api/streams.server";
import { optionalUser } from "~/server/guards.server";
import { applyExpiredSession } from "~/server/session.server";
import { readForm } from "~/server/form.server";

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("beat") }),
  z.object({ intent: z.literal("release") }),
  z.object({ intent: z.literal("stop"), id: z.coerce.number().int().positive(), redirectTo: z.string().max(2048).optional() }),
]);

export type StreamBeatAnswer = { state: StreamBeat | "signed_out" };

export async function action({ request, context }: ActionFunctionArgs) {
  const posted = await readForm(request);
  const { api } = optionalUser(context);
  const parsed = formSchema.safeParse(Object.fromEntries(posted));
  if (!parsed.success) return new Response("intent must be beat, release or stop (with an id).\n", { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const form = parsed.data;
  const { session } = context;
  const headers = new Headers({ "Cache-Control": "no-store" });
  const streams = api.hasSession ? api.streams : null;

  if (form.intent === "stop") {
    // Whether it stopped or had already ended, the page asks for playback again and shows where things stand.
    if (streams) await streams.stop(form.id).catch((error) => ignoreSignedOut(error));
    applyExpiredSession(headers, request, session);
    return redirect(safeRedirectPath(form.redirectTo, "/"), { headers });
  }
  if (form.intent === "release") {
    if (streams) await streams.release().catch((error) => ignoreSignedOut(error));
    applyExpiredSession(headers, request, session);
    return new Response(null, { status: 204, headers });
  }
  let state: StreamBeatAnswer["state"] = "signed_out";
  if (streams) state = await streams.heartbeat().catch((error) => (ignoreSignedOut(error), "signed_out" as const));
  applyExpiredSession(headers, request, session);
  return json<StreamBeatAnswer>({ state }, { headers });
}

/** A session signed out elsewhere (its device removed from the profile) is an answer here, not a failure. */
function ignoreSignedOut(error: unknown): void {
  if (!isApiRequestError(error, "unauthenticated")) throw error;
}

export const loader = () => redirect("/");
