import { describe, expect, it } from "vitest";
import { eventsSearch, pageInfo, parseEventsQuery } from "~/lib/events-query";

const parse = (search: string, status: "live" | "upcoming" | "finished" = "upcoming") => parseEventsQuery(new URLSearchParams(search), status);

describe("parseEventsQuery", () => {
  it("presets the status and the first page of 20", () => {
    const { query, view, filters } = parse("");
    expect(query).toEqual({ status: "upcoming", sort_direction: "asc", offset: 0, limit: 20 });
    expect(view).toBe("grid");
    expect(filters).toEqual({});
  });

  it("keeps valid filters with the SPEC's names", () => {
    const { query, filters } = parse("sport=basketball&school=northfield&team=owls-w&gender=women&city=Austin&state=TX&start_date=2026-03-01&end_date=2026-03-31&participant_id=7");
    expect(query).toMatchObject({ sport: "basketball", school: "northfield", team: "owls-w", gender: "women", city: "Austin", state: "TX" });
    expect(query).toMatchObject({ start_date: "2026-03-01", end_date: "2026-03-31", participant_id: 7 });
    expect(filters.participant_id).toBe("7");
  });

  it("keeps SPEC §2's location, group, division, category_id and type (issue 28), and links them on", () => {
    const { query, filters } = parse("location=arena-a&group=North%20High&division=6A&category_id=4&type=ppv");
    expect(query).toMatchObject({ location: "arena-a", group: "North High", division: "6A", category_id: 4, type: "ppv" });
    expect(filters).toEqual({ location: "arena-a", group: "North High", division: "6A", category_id: "4", type: "ppv" });
    expect(eventsSearch(filters, "grid")).toBe("?location=arena-a&group=North+High&division=6A&category_id=4&type=ppv");
  });

  it("drops SPEC §2 values the API would refuse: a bad type or id, a long name, a category_id that contradicts event_category_id", () => {
    const { query } = parse(`type=gold&category_id=abc&division=${"x".repeat(101)}&location=%20&group=`);
    expect(query).toEqual({ status: "upcoming", sort_direction: "asc", offset: 0, limit: 20 });
    expect(parse("category_id=0").query.category_id).toBeUndefined();
    const both = parse("category_id=4&event_category_id=5");
    expect(both.query).toMatchObject({ event_category_id: 5 });
    expect(both.query.category_id).toBeUndefined();
    expect(parse("category_id=4&event_category_id=4").query).toMatchObject({ category_id: 4, event_category_id: 4 });
    for (const type of ["free", "register", "paid", "ppv"]) expect(parse(`type=${type}`).query.type).toBe(type);
  });

  it("drops invalid values instead of failing", () => {
    const { query } = parse("gender=other&start_date=notadate&event_category_id=-3&sort_direction=sideways&offset=-1&limit=-1&status=live");
    expect(query).toEqual({ status: "upcoming", sort_direction: "asc", offset: 0, limit: 20 });
  });

  it("drops an end date before the start date and blank values", () => {
    const { query } = parse("start_date=2026-04-01&end_date=2026-03-01&sport=%20%20");
    expect(query.start_date).toBe("2026-04-01");
    expect(query.end_date).toBeUndefined();
    expect(query.sport).toBeUndefined();
  });

  it("snaps the offset to a page and reads the view", () => {
    expect(parse("offset=45&view=list").query.offset).toBe(40);
    expect(parse("offset=45&view=list").view).toBe("list");
    expect(parse("view=table").view).toBe("grid");
    expect(parse("offset=abc").query.offset).toBe(0);
  });

  it("takes a page size of 1 to 100, else 20", () => {
    expect(parse("limit=5&offset=12").query).toMatchObject({ limit: 5, offset: 10 });
    expect(parse("limit=500").query.limit).toBe(20);
    expect(parse("limit=2.5").query.limit).toBe(20);
  });

  it("sorts finished events newest first unless asked", () => {
    expect(parse("", "finished").query.sort_direction).toBe("desc");
    expect(parse("sort_direction=asc", "finished").query.sort_direction).toBe("asc");
  });
});

describe("eventsSearch", () => {
  it("writes filters, then a non-default view and offset", () => {
    expect(eventsSearch({}, "grid")).toBe("");
    expect(eventsSearch({ gender: "women", sport: "hockey" }, "list", 20)).toBe("?sport=hockey&gender=women&view=list&offset=20");
    expect(eventsSearch({}, "grid", 10, 5)).toBe("?limit=5&offset=10");
  });

  it("round-trips through the parser", () => {
    const first = parse("team=owls&gender=men&view=list&offset=20");
    expect(eventsSearch(first.filters, first.view, first.query.offset)).toBe("?team=owls&gender=men&view=list&offset=20");
  });
});

describe("pageInfo", () => {
  it("counts pages and the neighbours' offsets", () => {
    expect(pageInfo({ total: 45, offset: 0, limit: 20 })).toEqual({ page: 1, pages: 3, prevOffset: null, nextOffset: 20 });
    expect(pageInfo({ total: 45, offset: 20, limit: 20 })).toEqual({ page: 2, pages: 3, prevOffset: 0, nextOffset: 40 });
    expect(pageInfo({ total: 45, offset: 40, limit: 20 })).toEqual({ page: 3, pages: 3, prevOffset: 20, nextOffset: null });
    expect(pageInfo({ total: 0, offset: 0, limit: 20 })).toEqual({ page: 1, pages: 1, prevOffset: null, nextOffset: null });
  });
});
