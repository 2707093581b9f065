import type { MenuItem } from "@api/contract/channel";
import { describe, expect, it } from "vitest";
import { menuFor, menuHref, slideHref } from "~/lib/menu";

const item = (over: Partial<MenuItem>): MenuItem => ({
  id: 1,
  name: "Northview High",
  kind: "link",
  placement: "header",
  url: null,
  alias: null,
  image: null,
  children: [],
  ...over,
});

describe("menu links", () => {
  it("links groups, participants and categories to the filtered list by alias (SPEC §2)", () => {
    expect(menuHref(item({ kind: "group", alias: "northview-high" }))).toBe("/upcoming?school=northview-high");
    expect(menuHref(item({ kind: "participant", alias: "northview-hawks" }))).toBe("/upcoming?team=northview-hawks");
    expect(menuHref(item({ kind: "category", alias: "basketball" }))).toBe("/upcoming?sport=basketball");
  });

  it("falls back to the name when there is no alias, encoded", () => {
    expect(menuHref(item({ kind: "group", name: "St. Mary's & Co" }))).toBe("/upcoming?school=St.%20Mary's%20%26%20Co");
  });

  it("uses the url of links and pages", () => {
    expect(menuHref(item({ kind: "page", url: "/tickets-info" }))).toBe("/tickets-info");
    expect(menuHref(item({ kind: "link", url: "https://example.com" }))).toBe("https://example.com");
  });

  it("places 'both' items in header and footer", () => {
    const menu = [item({ id: 1, placement: "header" }), item({ id: 2, placement: "footer" }), item({ id: 3, placement: "both" })];
    expect(menuFor(menu, "header").map((i) => i.id)).toEqual([1, 3]);
    expect(menuFor(menu, "footer").map((i) => i.id)).toEqual([2, 3]);
  });
});

describe("slide links", () => {
  it("uses the slide's own link first, then its target", () => {
    expect(slideHref({ slidable_type: "main", slidable_alias: null, link_url: "/schedule" })).toBe("/schedule");
    expect(slideHref({ slidable_type: "group", slidable_alias: "northview-high", link_url: null })).toBe("/upcoming?school=northview-high");
    expect(slideHref({ slidable_type: "main", slidable_alias: null, link_url: null })).toBeNull();
  });
});
