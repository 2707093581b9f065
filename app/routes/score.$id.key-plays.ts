// /score/{id}/key-plays: the event's key plays for the watch page (GET, JSON: its list follows the game and its clips
// as they become ready), and the owner's hide, show and delete (POST intent=hide|show|delete, tap=<id>). The API
// decides who may; a form posted without script comes back to the watch page.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { MESSAGES } from "@api/contract/messages";
import type { KeyPlaysAnswer } from "@api/contract/scores";
import { answersJson, readForm } from "~/server/form.server";
import { optionalUser } from "~/server/guards.server";
import { isApiRequestError } from "~/server/api/errors";

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  if (id === null) return json({ message: MESSAGES.notFound }, { status: 404 });
  const { api } = optionalUser(context);
  return json<KeyPlaysAnswer>(await api.scores.keyPlays(id), { headers: { "Cache-Control": "no-store" } });
}

const changeSchema = z.object({ intent: z.enum(["hide", "show", "delete"]), tap: z.uuid() });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const id = idOf(params.id);
  const parsed = changeSchema.safeParse(Object.fromEntries(form));
  if (id === null || !parsed.success) return json({ ok: false, message: MESSAGES.generic }, { status: 422 });
  const { api } = optionalUser(context);
  const { intent, tap } = parsed.data;
  try {
    if (intent === "delete") await api.scores.deleteKeyPlay(id, tap);
    else await api.scores.setKeyPlayHidden(id, tap, intent === "hide");
  } catch (error) {
    if (!isApiRequestError(error, "http", "not_found", "validation")) throw error;
    return json({ ok: false, message: error.body?.message ?? MESSAGES.generic }, { status: error.status ?? 400 });
  }
  return answersJson(form, request) ? json({ ok: true }) : redirect(`/watch/${id}`);
}
