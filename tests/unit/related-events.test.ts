// The watch page's rails (issue 28): which events show up next and more from the teams, and the own-name rule.
import { describe, expect, it } from "vitest";
import { defaultEventName, eventSubtitle, eventTitle } from "@api/contract/names";
import { relatedEvents } from "@api/services/related-events";

const ev = (...ids: number[]) => ids.map((id) => ({ id }));
const ids = (list: { id: number }[]) => list.map((e) => e.id);

describe("relatedEvents", () => {
  it("puts live before upcoming, up to the limit", () => {
    const r = relatedEvents({ live: ev(1, 2), upcoming: ev(3, 4, 5), moreComing: [], moreRecent: [] }, 4);
    expect(ids(r.up_next)).toEqual([1, 2, 3, 4]);
  });

  it("leaves out of more what is already up next, and balances to come and on demand, to come first", () => {
    const r = relatedEvents({ live: ev(1), upcoming: ev(2), moreComing: ev(2, 10, 11, 12, 13), moreRecent: ev(20, 21, 22, 23) }, 4);
    expect(ids(r.more)).toEqual([10, 11, 20, 21]);
  });

  it("lets either side of more fill what the other lacks", () => {
    expect(ids(relatedEvents({ live: [], upcoming: [], moreComing: ev(10, 11, 12, 13), moreRecent: ev(20) }, 4).more)).toEqual([10, 11, 12, 20]);
    expect(ids(relatedEvents({ live: [], upcoming: [], moreComing: ev(10), moreRecent: ev(20, 21, 22, 23) }, 4).more)).toEqual([10, 20, 21, 22]);
    expect(relatedEvents({ live: [], upcoming: [], moreComing: [], moreRecent: [] }, 4)).toEqual({ up_next: [], more: [] });
  });
});

describe("an event's own name", () => {
  const participants = [
    { side: "away" as const, name: "Franco Hockey", short_name: "Franco" },
    { side: "home" as const, name: "Saint-Laurent Hockey", short_name: "Saint-Laurent" },
  ];

  it("is the title, with the matchup beneath; without one the matchup is the title alone", () => {
    const named = { name: "College Classic", own_name: "College Classic", participants };
    expect(eventTitle(named)).toBe("College Classic");
    expect(eventSubtitle(named)).toBe("Franco @ Saint-Laurent");
    const plain = { name: "Franco @ Saint-Laurent", own_name: null, participants };
    expect(eventTitle(plain)).toBe("Franco @ Saint-Laurent");
    expect(eventSubtitle(plain)).toBeNull();
  });

  it("the default is '<away> @ <home>' by short name, else the English then French name", () => {
    expect(defaultEventName({ short_name: "A", name: "Alpha" }, { name: { fr: "Bêta" } }, { away: "a", home: "b" })).toBe("A @ Bêta");
    expect(defaultEventName(undefined, { name: { en: "B", fr: "Bé" } }, { away: "a", home: "b" })).toBe("a @ B");
  });
});
