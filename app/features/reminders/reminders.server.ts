// What a watch page loads for "Remind me" (issue 12): nothing unless the event is upcoming; signed out, only that
// (the button is a login link); signed in, whether the viewer has a reminder for it (one GET /reminders?event_id=).
import type { Event } from "@api/contract/catalogue";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser } from "~/server/guards.server";
import type { ReminderState } from "./RemindMe";

export async function loadReminderState(context: AppLoadContext, event: Pick<Event, "id" | "stream_status">): Promise<ReminderState | null> {
  if (event.stream_status !== "upcoming") return null;
  const { user, api } = optionalUser(context);
  if (!user) return { signedIn: false, set: false };
  try {
    const reminders = await api.reminders.list(event.id);
    return {
      signedIn: true,
      set: reminders.some((r) => r.event_id === event.id),
    };
  } catch (error) {
    // The page does not fail for its reminder button: it shows "Remind me", which is idempotent anyway.
    if (isApiRequestError(error, "unauthenticated")) throw error;
    console.error("reminders: state not loaded", error);
    return { signedIn: true, set: false };
  }
}
