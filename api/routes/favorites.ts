// Favourites (SPEC §7 Favourites, issue 12): GET /favorites, POST /favorite, PATCH /favorite/{id} (reminders for
// all of its events), DELETE /favorite/{id}, and GET /events/favorite (the events of what the user follows). Every
// call needs a signed-in user: SPEC §4 "Favourites load only when logged in, otherwise rejected with 'user must be
// logged in'". Mounted before the event routes, which would read /events/favorite as /events/{id}.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { idParamSchema } from "../contract/common";
import { FAVORITE_MESSAGES, favoriteBodySchema, favoriteEventsQuerySchema, favoritesQuerySchema, favoriteUpdateSchema } from "../contract/favorites";
import { listMeta } from "../lib/list";
import { body, param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { loadVerdicts, offerScope, viewerFor } from "../services/event-access";
import { addFavorite, favoriteEvents, listFavorites, removeFavorite, updateFavorite, type FavoriteScope } from "../services/favorites";
import { requestLang } from "../services/lang";

const signedIn = requireUser({ message: FAVORITE_MESSAGES.loginRequired });

function favoriteScope(c: Context<AppEnv>): FavoriteScope {
  return { db: c.get("db"), channelId: c.get("channel").id, userId: c.get("user").id, now: c.get("now")() };
}

const lang = (c: Context<AppEnv>, asked?: "en" | "fr") => requestLang(asked, c.get("channel"));

export const favoriteRoutes = new Hono<AppEnv>()
  .get("/favorites", requireApiKey, signedIn, query(favoritesQuerySchema), async (c) => {
    return c.json({ data: await listFavorites(favoriteScope(c), lang(c, c.req.valid("query").lang)) });
  })
  .post("/favorite", requireApiKey, signedIn, query(favoritesQuerySchema), body(favoriteBodySchema), async (c) => {
    const data = await addFavorite(favoriteScope(c), c.req.valid("json"), lang(c, c.req.valid("query").lang));
    return c.json({ data });
  })
  .patch("/favorite/:id", requireApiKey, signedIn, param(idParamSchema), query(favoritesQuerySchema), body(favoriteUpdateSchema), async (c) => {
    const data = await updateFavorite(favoriteScope(c), c.req.valid("param").id, c.req.valid("json").remind, lang(c, c.req.valid("query").lang));
    return c.json({ data });
  })
  .delete("/favorite/:id", requireApiKey, signedIn, param(idParamSchema), async (c) => {
    await removeFavorite(favoriteScope(c), c.req.valid("param").id);
    return c.json({ data: { deleted: true } });
  })
  .get("/events/favorite", requireApiKey, signedIn, query(favoriteEventsQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const { data, total } = await favoriteEvents(favoriteScope(c), q, lang(c, q.lang), () => loadVerdicts(offerScope(c), viewerFor(c, c.get("user")), lang(c, q.lang)), c.get("channel").brand);
    return c.json({ data, meta: listMeta(total, q.offset, q.limit) });
  });
