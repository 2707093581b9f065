// "Remind me" of the watch page (issue 12): POST intent=add|remove with event_id, as the signed-in user. Answers JSON
// with the reminder's state; a refusal carries the API's message in the visitor's language.
import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { FAVORITE_MESSAGES } from "@api/contract/favorites";
import { MESSAGES } from "@api/contract/messages";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { markExpired } from "~/server/session.server";
import { readForm } from "~/server/form.server";

export type RemindersActionData = { ok: true; set: boolean } | { ok: false; message: string };

/** The API's English refusals, as the visitor reads them. */
const MESSAGE_KEYS: Record<string, string> = {
  [FAVORITE_MESSAGES.eventStarted]: "reminders:errors.eventStarted",
  [MESSAGES.notFound]: "reminders:errors.notFound",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, token } = requireUser(context, request);
  const t = await getT(tenant.lang);
  const intent = String(form?.get("intent") ?? "");
  const eventId = Number(form?.get("event_id"));
  const refused = (message: string, status: number) => json<RemindersActionData>({ ok: false, message: t(MESSAGE_KEYS[message] ?? "reminders:errors.generic") }, { status });
  if ((intent !== "add" && intent !== "remove") || !Number.isSafeInteger(eventId) || eventId <= 0) return refused("", 400);

  const calls = tenant.reminders.withUser(token, () => markExpired(context.session));
  const result = intent === "add" ? await calls.add(eventId) : await calls.remove(eventId);
  if (!result.ok) return refused(result.message, result.status);
  return json<RemindersActionData>({ ok: true, set: intent === "add" });
}
