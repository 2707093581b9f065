// GET /events/{id}/related (issue 28: the watch page's "Up next" and "More from" rails) and the wire Event's
// own_name, against real D1 with a fixed clock.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import type { Event, RelatedEvents } from "@api/contract/catalogue";
import { getDb } from "@api/db/client";
import { events } from "@api/db/schema";
import { createApi } from "@api/index";
import { type CatalogueFixtures, DAY, FIXED, H, seedCatalogue } from "./catalogue-fixtures";
import { CHANNEL_KEYS, call, type Fixtures, HOSTS, mintKey, seedChannels } from "./fixtures";

const app = createApi({ now: () => FIXED });
let fx: Fixtures;
let cat: CatalogueFixtures;
let alphaKey: string;
let betaKey: string;
let generated: number;

beforeAll(async () => {
  fx = await seedChannels();
  cat = await seedCatalogue(fx);
  alphaKey = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha, app);
  betaKey = await mintKey(HOSTS.beta, CHANNEL_KEYS.beta, app);
  // An event loaded without its own name: the definition gave it "<away> @ <home>" by the teams' short names.
  const t = cat.alpha.teams;
  [{ id: generated }] = await getDb(env.DB)
    .insert(events)
    .values({
      channelId: fx.alpha.id,
      key: "rematch",
      name: "South @ North",
      eventUtcTs: FIXED - 10 * DAY,
      endUtcTs: FIXED - 10 * DAY + 2 * H,
      timeZone: "America/Chicago",
      eventCategoryId: cat.alpha.categories.hockey,
      homeTeamId: t.northHockeyM,
      awayTeamId: t.southHockeyM,
    })
    .returning({ id: events.id });
});

const get = (path: string, key = alphaKey, host: string = HOSTS.alpha) => call(host, `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`, undefined, app);
async function related(id: number): Promise<RelatedEvents> {
  const res = await get(`/api/events/${id}/related`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: RelatedEvents }).data;
}
const ids = (list: Event[]) => list.map((e) => e.id);

describe("/events/{id}/related", () => {
  it("needs the api key", async () => {
    expect((await call(HOSTS.alpha, `/api/events/${cat.alpha.events.live}/related`, undefined, app)).status).toBe(403);
  });

  it("up next is the channel's live then upcoming events, soonest first, without the event itself", async () => {
    const e = cat.alpha.events;
    expect(ids((await related(e.finishedOld)).up_next)).toEqual([e.live, e.upcomingSoon, e.upcomingLater, e.soccerOpen]);
    expect(ids((await related(e.live)).up_next)).toEqual([e.upcomingSoon, e.upcomingLater, e.soccerOpen]);
  });

  it("more is the games of the event's teams and their schools' other teams not already up next: to come, then the latest on demand", async () => {
    const e = cat.alpha.events;
    // The live hockey game's schools (North, South) also play the upcoming games, which are up next already.
    expect(ids((await related(e.live)).more)).toEqual([e.finishedRecent, e.finishedOld, generated]);
    expect(ids((await related(e.finishedOld)).more)).toEqual([e.finishedRecent, generated]);
  });

  it("an event without teams has nothing more", async () => {
    expect((await related(cat.alpha.events.soccerOpen)).more).toEqual([]);
  });

  it("another channel's event, or an unknown or bad id, is not found", async () => {
    expect((await get(`/api/events/${cat.beta.event}/related`)).status).toBe(404);
    expect((await get(`/api/events/999999/related`)).status).toBe(404);
    expect((await get(`/api/events/abc/related`)).status).toBe(422);
    const beta = await get(`/api/events/${cat.beta.event}/related`, betaKey, HOSTS.beta);
    expect(beta.status).toBe(200);
    expect(await beta.json()).toEqual({ data: { up_next: [], more: [] } });
  });
});

describe("own_name", () => {
  it("is the event's own name, and null for the '<away> @ <home>' it was given without one", async () => {
    const own = (await (await get(`/api/events/${cat.alpha.events.live}`)).json()) as { data: Event };
    expect(own.data).toMatchObject({ name: "hockey live", own_name: "hockey live" });
    const plain = (await (await get(`/api/events/${generated}`)).json()) as { data: Event };
    expect(plain.data).toMatchObject({ name: "South @ North", own_name: null });
  });
});
