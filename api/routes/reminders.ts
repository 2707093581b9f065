// Reminders (issue 12): POST /reminder {event_id} ("Remind me"), DELETE /reminder/{event_id}, GET /reminders
// (?event_id=) as the signed-in user, and POST /reminders/unsubscribe {user, signature}, public with the api key:
// the signed link of every reminder mail.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { FAVORITE_MESSAGES, reminderBodySchema, remindersQuerySchema, unsubscribeBodySchema } from "../contract/favorites";
import { idParamSchema } from "../contract/common";
import { authSecret } from "../lib/secrets";
import { body, param, query, readBody } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { addReminder, invalidUnsubscribe, listReminders, removeReminder, unsubscribe, type ReminderScope } from "../services/reminders";

const reminderScope = (c: Context<AppEnv>): ReminderScope => ({ db: c.get("db"), channelId: c.get("channel").id, now: c.get("now")() });
const signedIn = requireUser({ message: FAVORITE_MESSAGES.loginRequired });

export const reminderRoutes = new Hono<AppEnv>()
  .get("/reminders", requireApiKey, signedIn, query(remindersQuerySchema), async (c) => {
    return c.json({ data: await listReminders(reminderScope(c), c.get("user").id, c.req.valid("query").event_id) });
  })
  .post("/reminder", requireApiKey, signedIn, body(reminderBodySchema), async (c) => {
    return c.json({ data: await addReminder(reminderScope(c), c.get("user").id, c.req.valid("json").event_id) });
  })
  .delete("/reminder/:id", requireApiKey, signedIn, param(idParamSchema), async (c) => {
    await removeReminder(reminderScope(c), c.get("user").id, c.req.valid("param").id);
    return c.json({ data: { deleted: true } });
  })
  .post("/reminders/unsubscribe", requireApiKey, async (c) => {
    // Whatever is wrong with a link (cut, edited, forged), the visitor gets the one message the page can show.
    const parsed = unsubscribeBodySchema.safeParse(await readBody(c.req));
    if (!parsed.success) throw invalidUnsubscribe();
    await unsubscribe(reminderScope(c), authSecret(c.env), parsed.data.user, parsed.data.signature);
    c.header("Cache-Control", "no-store");
    return c.json({ data: { unsubscribed: true } });
  });
