// The signed-in user's sessions (issue 13, "Devices" in /profile): GET /sessions, DELETE /sessions/{id},
// POST /sessions/end-others. Only the caller's own sessions on this channel exist here; any other id is a 404.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { sessionIdParamSchema } from "../contract/sessions";
import { param } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { endOtherSessions, endSession, listSessions, type SessionScope } from "../services/sessions";
import { releaseStream, releaseStreamsBut } from "../services/streams";
import { streamScope } from "./streams";

const scope = (c: Context<AppEnv>): SessionScope => ({
  db: c.get("db"),
  channelId: c.get("channel").id,
  userId: c.get("user").id,
  sessionId: c.get("session").id,
  now: c.get("now")(),
});

export const sessionRoutes = new Hono<AppEnv>()
  .get("/sessions", requireApiKey, requireUser(), async (c) => c.json({ data: await listSessions(scope(c)) }))
  // A signed-out device's stream ends with it (issue 13: its slot frees at once, not when it stops confirming).
  .post("/sessions/end-others", requireApiKey, requireUser(), async (c) => {
    const ended = await endOtherSessions(scope(c));
    await releaseStreamsBut(streamScope(c, c.get("user").id), c.get("session").id);
    return c.json({ data: ended });
  })
  .delete("/sessions/:id", requireApiKey, requireUser(), param(sessionIdParamSchema), async (c) => {
    const ended = await endSession(scope(c), c.req.valid("param").id);
    await releaseStream(streamScope(c, c.get("user").id), ended.id);
    return c.json({ data: ended });
  });
