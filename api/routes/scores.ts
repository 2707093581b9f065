// Game day (issue 27): GET /events/{id}/score, the game as its scorekeeper's taps make it (public like the event),
// and POST /events/{id}/score/taps, a scorekeeper's taps (the channel's owner, or an account granted the role); and the
// owner's grants of that role: GET and POST /console/scorekeepers, DELETE /console/scorekeepers/{id}. Key plays:
// GET /events/{id}/key-plays (public like the event), and the owner's PATCH (hide) and DELETE of one; GET
// /key-plays/favorite, the key plays of the games of the teams the signed-in viewer follows (the home's rail).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { idParamSchema, langQuerySchema } from "../contract/common";
import { FAVORITE_MESSAGES } from "../contract/favorites";
import { followedKeyPlaysQuerySchema, keyPlayParamSchema, keyPlayPatchSchema, SCORE_MESSAGES, scorekeeperBodySchema, tapsBodySchema } from "../contract/scores";
import { body, param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { currentUser, requireUser } from "../middleware/user";
import { requireChannelManager } from "../middleware/roles";
import { consoleScope } from "../services/console/scope";
import { addTaps, changeKeyPlay, gameOf, keyPlaysOf, type ScoreScope, type ScoreViewer } from "../services/scores/game";
import { followedKeyPlays } from "../services/scores/key-plays";
import { requestLang } from "../services/lang";
import { clipScope } from "./clips";
import { grantScorekeeperRole, listScorekeepers, revokeScorekeeper } from "../services/scores/keepers";

const scoreScope = (c: Context<AppEnv>): ScoreScope => clipScope(c);

async function viewerOf(c: Context<AppEnv>): Promise<ScoreViewer> {
  const found = await currentUser(c);
  return found ? { id: found.user.id, role: found.user.role } : null;
}

const ownerOnly = [requireApiKey, requireUser(), requireChannelManager()] as const;

export const scoreRoutes = new Hono<AppEnv>()
  .get("/events/:id/score", requireApiKey, param(idParamSchema), async (c) => {
    const viewer = await viewerOf(c);
    c.header("Cache-Control", "no-store");
    return c.json({ data: await gameOf(scoreScope(c), c.req.valid("param").id, viewer) });
  })
  // Key plays (their clips' URLs are signed for a while): never cached.
  .get("/events/:id/key-plays", requireApiKey, param(idParamSchema), async (c) => {
    const viewer = await viewerOf(c);
    c.header("Cache-Control", "no-store");
    return c.json({ data: await keyPlaysOf(scoreScope(c), c.req.valid("param").id, viewer) });
  })
  // Signed out it is refused as the favourites are (SPEC §4: "user must be logged in"); never cached (signed URLs).
  .get("/key-plays/favorite", requireApiKey, requireUser({ message: FAVORITE_MESSAGES.loginRequired }), query(followedKeyPlaysQuerySchema), async (c) => {
    const q = c.req.valid("query");
    c.header("Cache-Control", "no-store");
    return c.json({ data: await followedKeyPlays({ ...scoreScope(c), userId: c.get("user").id }, q.limit, requestLang(q.lang, c.get("channel"))) });
  })
  .patch("/events/:id/key-plays/:tap", ...ownerOnly, param(keyPlayParamSchema), body(keyPlayPatchSchema), async (c) => {
    const { id, tap } = c.req.valid("param");
    return c.json({ data: await changeKeyPlay(scoreScope(c), id, tap, c.req.valid("json")) });
  })
  .delete("/events/:id/key-plays/:tap", ...ownerOnly, param(keyPlayParamSchema), async (c) => {
    const { id, tap } = c.req.valid("param");
    await changeKeyPlay(scoreScope(c), id, tap, "delete");
    return c.json({ data: { deleted: true } });
  })
  .post("/events/:id/score/taps", requireApiKey, requireUser({ message: SCORE_MESSAGES.signInToKeepScore }), param(idParamSchema), body(tapsBodySchema), async (c) => {
    const user = c.get("user");
    const { taps, sent_at } = c.req.valid("json");
    const answer = await addTaps(scoreScope(c), c.req.valid("param").id, { id: user.id, role: user.role }, taps, sent_at);
    // A refused tap answers 422 with its rule's words; the answer still says what became of every tap.
    const refused = answer.results.find((r) => r.status === "refused");
    if (refused) return c.json({ message: refused.message, data: answer }, 422);
    return c.json({ data: answer });
  })
  // The grants name their events in `lang` (the channel's language by default).
  .get("/console/scorekeepers", ...ownerOnly, query(langQuerySchema), async (c) => {
    const lang = c.req.valid("query").lang ?? c.get("channel").defaultLanguage;
    return c.json({ data: await listScorekeepers(consoleScope(c), lang) });
  })
  .post("/console/scorekeepers", ...ownerOnly, query(langQuerySchema), body(scorekeeperBodySchema), async (c) => {
    const { email, event_id } = c.req.valid("json");
    const lang = c.req.valid("query").lang ?? c.get("channel").defaultLanguage;
    return c.json({ data: await grantScorekeeperRole(consoleScope(c), email, event_id ?? null, lang) });
  })
  .delete("/console/scorekeepers/:id", ...ownerOnly, param(idParamSchema), async (c) => {
    await revokeScorekeeper(consoleScope(c), c.req.valid("param").id);
    return c.json({ data: { deleted: true } });
  });
