// "Remind me" of the watch page (issue 12): POST intent=add|remove with event_id, as the signed-in user. The button's
// fetcher (hydrated, with `FetchMarker`) gets JSON with the reminder's state, or a refusal in the visitor's language.
// Without JavaScript the form posts as a document and goes back to its page (`redirectTo`), which shows the new state;
// the refusals need no words there: an event that has started shows no button, one that is gone is a 404.
import { json, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { FAVORITE_MESSAGES } from "@api/contract/favorites";
import { MESSAGES } from "@api/contract/messages";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { answersJson, readForm } from "~/server/form.server";
import { returnPath } from "~/lib/auth-paths";

export type RemindersActionData = { ok: true; set: boolean } | { ok: false; message: string };

/** The API's English refusals, as the visitor reads them. */
const MESSAGE_KEYS: Record<string, string> = {
  [FAVORITE_MESSAGES.eventStarted]: "reminders:errors.eventStarted",
  [MESSAGES.notFound]: "reminders:errors.notFound",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, api } = requireUser(context, request);
  const t = await getT(tenant.lang);
  const intent = String(form?.get("intent") ?? "");
  const eventId = Number(form?.get("event_id"));
  const back = () => redirect(returnPath(form?.get("redirectTo"), Number.isSafeInteger(eventId) && eventId > 0 ? `/watch/${eventId}` : "/"));
  const refused = (message: string, status: number) =>
    answersJson(form, request) ? json<RemindersActionData>({ ok: false, message: t(MESSAGE_KEYS[message] ?? "reminders:errors.generic") }, { status }) : back();
  if ((intent !== "add" && intent !== "remove") || !Number.isSafeInteger(eventId) || eventId <= 0) return refused("", 400);

  const result = intent === "add" ? await api.reminders.add(eventId) : await api.reminders.remove(eventId);
  if (!result.ok) return refused(result.message, result.status);
  return answersJson(form, request) ? json<RemindersActionData>({ ok: true, set: intent === "add" }) : back();
}
