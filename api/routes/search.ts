// GET /search (issue 15): the channel's events, teams, schools and VOD items matching `q`. Keyed; the channel comes
// from the host and the api key, so another channel's rows never appear.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { searchQuerySchema, type SearchResults } from "../contract/search";
import { query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { loadVerdicts, offerScope, loadViewer } from "../services/event-access";
import { requestLang } from "../services/lang";
import { searchChannel } from "../services/search";

export const searchRoutes = new Hono<AppEnv>().get("/search", requireApiKey, query(searchQuerySchema), async (c) => {
  const channel = c.get("channel");
  const q = c.req.valid("query");
  const lang = requestLang(q.lang, channel);
  const data: SearchResults = await searchChannel(
    c.get("db"),
    {
      channelId: channel.id,
      brand: channel.brand,
      q: q.q,
      limit: q.limit,
      now: c.get("now")(),
      lang,
    },
    loadVerdicts(offerScope(c), loadViewer(c), lang)
  );
  return c.json({ data });
});
