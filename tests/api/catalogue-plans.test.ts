// Query plans of the catalogue's list calls: every tenant table is reached through an index leading with
// channel_id (or the primary key), never by a full scan. The SQL comes from the same Drizzle builders the routes use.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@api/db/client";
import {
  type EventPage,
  eventCountQuery,
  eventPageQuery,
  eventRelationsQueries,
  eventsOrder,
  eventsWhere,
  type EventFilters,
  statusCondition,
} from "@api/db/repos/catalogue-events";
import {
  categoriesQuery,
  groupPropertiesQuery,
  groupsQuery,
  locationsQuery,
  participantChildrenQuery,
  participantCountQuery,
  participantPageQuery,
  participantsWhere,
} from "@api/db/repos/catalogue-taxonomy";
import {
  vodCategoriesQuery,
  vodItemQuery,
  vodItemsCountQuery,
  vodItemsPageQuery,
  vodItemsWhere,
  vodRailItemsQuery,
  vodRailsQuery,
  vodSearchWhere,
} from "@api/db/repos/catalogue-vod";
import { ROLL_SQL } from "@api/db/repos/schedule";
import { events } from "@api/db/schema";
import { defaultSortDirection, statusRange } from "@api/services/event-status";
import { seedCatalogue, FIXED } from "./catalogue-fixtures";
import { seedChannels } from "./fixtures";

const db = getDb(env.DB);
const TENANT_TABLES = [
  "events",
  "participants",
  "participant_groups",
  "participant_group_properties",
  "event_categories",
  "locations",
  "vod_media_items",
  "vod_media_categories",
  "vod_media_rails",
  "vod_media_rail_items",
];
const CH = 1;

beforeAll(async () => {
  // Plans depend on statistics only through ANALYZE, which is not run; rows make the test realistic anyway.
  await seedCatalogue(await seedChannels());
});

interface Built {
  toSQL(): { sql: string; params: unknown[] };
}

async function plan(q: Built): Promise<string[]> {
  const { sql, params } = q.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/**
 * Plan lines that walk a tenant table instead of searching it: "SCAN events" (a full scan), and also
 * "SCAN events USING [COVERING] INDEX …" (a whole-index walk, not bounded by channel_id). None is accepted: every
 * list call must SEARCH with channel_id (or the primary key) as the leading term.
 */
function fullScans(lines: string[]): string[] {
  return lines.filter((l) => {
    const m = /^SCAN (\w+)\b/.exec(l);
    return m !== null && TENANT_TABLES.includes(m[1]);
  });
}

async function expectIndexed(name: string, q: Built) {
  const lines = await plan(q);
  expect(fullScans(lines), `${name}:\n${lines.join("\n")}`).toEqual([]);
}

const ORDER = { lang: "en", fallback: "en" } as const;
function eventPage(f: EventFilters, field: "event_utc_ts" | "name" = "event_utc_ts"): EventPage {
  return {
    where: eventsWhere(db, CH, f, FIXED),
    order: eventsOrder({ field, direction: defaultSortDirection(f.status), ...ORDER }),
    limit: 20,
    offset: 0,
  };
}

const EVENT_FILTERS: [string, EventFilters][] = [
  ["no filter", {}],
  ["status=live", { status: "live" }],
  ["status=upcoming", { status: "upcoming" }],
  ["status=finished", { status: "finished" }],
  ["event_category_id", { categoryId: 1 }],
  ["sport", { sport: "hockey" }],
  ["participant_id", { participantId: 1 }],
  ["team", { team: "north-hockey-m" }],
  ["participant_group_id", { groupId: 1 }],
  ["school", { school: "north" }],
  ["gender", { gender: "women" }],
  ["location_id", { locationId: 1 }],
  ["city+state", { city: "springfield", state: "il" }],
  ["access_type", { accessType: "ppv" }],
  ["dates", { from: FIXED - 86_400_000, before: FIXED }],
  ["upcoming + sport + gender", { status: "upcoming", sport: "hockey", gender: "women" }],
];

describe("query plans of /events", () => {
  for (const [name, f] of EVENT_FILTERS) {
    it(`${name}: page, total and related rows are index-backed`, async () => {
      const page = eventPage(f);
      await expectIndexed(`${name} page`, eventPageQuery(db, page));
      await expectIndexed(`${name} count`, eventCountQuery(db, page.where));
      for (const [i, q] of eventRelationsQueries(db, CH, [page]).entries()) await expectIndexed(`${name} related ${i}`, q);
    });
  }

  it("sorted by name", async () => {
    await expectIndexed("by name", eventPageQuery(db, eventPage({}, "name")));
  });

  it("a team filter is driven by the home/away team indexes, not by a walk over the channel's events", async () => {
    for (const f of [{ participantId: 1 }, { team: "north-hockey-m" }, { school: "north" }] as EventFilters[]) {
      const lines = await plan(eventPageQuery(db, eventPage(f)));
      expect(lines[0], lines.join("\n")).toBe("SEARCH events USING INTEGER PRIMARY KEY (rowid=?)");
      expect(lines.join("\n")).toMatch(/events_home_idx[\s\S]*events_away_idx/);
    }
  });

  it("live events are searched by end time (current and future events only), not from the oldest start", async () => {
    const lines = await plan(eventPageQuery(db, eventPage({ status: "live" })));
    expect(lines[0]).toBe("SEARCH events USING INDEX events_end_idx (channel_id=? AND end_utc_ts>?)");
  });

  it("/events/{id} and /events-for-homepage", async () => {
    const one: EventPage = { where: and(eq(events.channelId, CH), eq(events.id, 1))!, order: [], limit: 1, offset: 0 };
    await expectIndexed("by id", eventPageQuery(db, one));
    const sections = (["live", "upcoming", "finished"] as const).map((s) => ({
      where: and(eq(events.channelId, CH), statusCondition(statusRange(s, FIXED)))!,
      order: eventsOrder({ field: "event_utc_ts", direction: defaultSortDirection(s), ...ORDER }),
      limit: 8,
      offset: 0,
    }));
    for (const s of sections) await expectIndexed("homepage section", eventPageQuery(db, s));
    for (const q of eventRelationsQueries(db, CH, sections)) await expectIndexed("homepage related", q);
  });
});

describe("query plans of the other list calls", () => {
  it("categories, locations, groups, group properties", async () => {
    await expectIndexed("categories", categoriesQuery(db, CH));
    await expectIndexed("locations", locationsQuery(db, CH));
    await expectIndexed("groups", groupsQuery(db, CH));
    await expectIndexed("group properties", groupPropertiesQuery(db, CH));
  });

  it("participants, paged and filtered", async () => {
    for (const f of [{}, { groupId: 1 }, { categoryId: 1 }, { gender: "women" as const }]) {
      const where = participantsWhere(CH, f);
      await expectIndexed("participants all", participantPageQuery(db, where));
      await expectIndexed("participants page", participantPageQuery(db, where, { limit: 10, offset: 0 }));
      await expectIndexed("participants count", participantCountQuery(db, where));
      await expectIndexed("participants children", participantChildrenQuery(db, CH, where, { limit: 10, offset: 0 }));
    }
  });

  it("VOD items, search, categories, rails", async () => {
    for (const where of [vodItemsWhere(CH), vodItemsWhere(CH, 1), vodSearchWhere(CH, "high")]) {
      await expectIndexed("vod page", vodItemsPageQuery(db, where, { limit: 10, offset: 0 }));
      await expectIndexed("vod count", vodItemsCountQuery(db, where));
    }
    await expectIndexed("vod item", vodItemQuery(db, CH, 1));
    await expectIndexed("vod categories", vodCategoriesQuery(db, CH));
    await expectIndexed("vod rails", vodRailsQuery(db, CH));
    await expectIndexed("vod rail items", vodRailItemsQuery(db, CH));
  });
});

describe("query plans of a rolling channel's roll", () => {
  it("reads and moves the channel's rolling rows by channel_id or primary key, and finds due channels by index", async () => {
    for (const [name, sql] of Object.entries(ROLL_SQL)) {
      const params = [CH, FIXED, FIXED, name.startsWith("move") ? "[[1, 0, 0, \"{}\", \"UTC\"]]" : FIXED];
      const count = (sql.match(/\?\d/g) ?? []).reduce((n, p) => Math.max(n, Number(p.slice(1))), 0);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params.slice(0, count))
        .all<{ detail: string }>();
      const lines = results.map((r) => r.detail);
      // Its tables are aliased (t, v, e), so any walk but over the rows it is given (json_each) is refused.
      expect(lines.filter((l) => l.startsWith("SCAN ") && !l.includes("VIRTUAL TABLE")), `${name}:\n${lines.join("\n")}`).toEqual([]);
      if (name === "due") expect(lines.join("\n")).toContain("channels_next_roll_idx");
      // A move finds each row it names by id, not by walking the channel's rows once per named row.
      if (name.startsWith("move")) expect(lines).toContain("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)");
    }
  });
});

describe("the scan detector", () => {
  it("flags a full scan and accepts index searches", () => {
    const lines = [
      "SCAN events",
      "SCAN participants USING COVERING INDEX participants_group_idx",
      "SEARCH events USING INDEX events_start_idx (channel_id=?)",
      "SEARCH events USING INTEGER PRIMARY KEY (rowid=?)",
      "SCAN json_each VIRTUAL TABLE INDEX 1:",
    ];
    expect(fullScans(lines)).toEqual(["SCAN events", "SCAN participants USING COVERING INDEX participants_group_idx"]);
  });
});
