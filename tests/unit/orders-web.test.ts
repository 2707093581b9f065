// The web side of issue 6's /simulate: query parameters (ids from its form, aliases from menu links) name what to compare.
import { describe, expect, it } from "vitest";
import type { EventCategory, Participant } from "../../api/contract/catalogue";
import type { Product } from "../../api/contract/commerce-types";
import { readAsk, sportChoices, teamChoices } from "../../app/features/orders/simulate-ask";

const category = (id: number, alias: string, children: EventCategory[] = [], parent_id = 0): EventCategory => ({ id, alias, name: alias, parent_id, image: null, children });
// The bootstrap's tree: the "All" placeholder (id 0) first, basketball with a 3x3 sub-sport.
const TREE = [category(0, "all"), category(1, "basketball", [category(3, "basketball-3x3", [], 1)]), category(2, "football")];

const product = (id: number, over: Partial<Product>): Product => ({
  id,
  kind: "package",
  name: `P${id}`,
  description: null,
  price: 10,
  base_price: 10,
  service_fee: 0,
  currency: "USD",
  image: null,
  type: "category",
  offer: null,
  period: "annual",
  trial_period: 0,
  pass_type: "regular",
  is_team_pass: false,
  event_categories: [],
  event_category_id: null,
  participants: [],
  max_choices: null,
  event_id: null,
  capabilities: ["watch"],
  limits: { clips: 0, downloads: 0 },
  simultaneous_logins: null,
  addons: [],
  addon_of: null,
  items: [],
  weight: 0,
  ...over,
});

describe("readAsk", () => {
  const team = (id: number, alias: string, name: string, children: Participant[] = []) => ({ id, alias, name, children }) as unknown as Participant;
  const teams = teamChoices([team(10, "north-hockey", "North Hockey", [team(12, "north-hockey-jv", "North Hockey JV")]), team(11, "south-hockey", "South Hockey")], (p) => p.name);
  const sports = sportChoices(TREE);
  const ask = (q: string) => readAsk(new URLSearchParams(q), teams, sports);

  it("lists sub-sports and child teams, without the All placeholder", () => {
    expect(sports.map((s) => s.label)).toEqual(["basketball", "— basketball-3x3", "football"]);
    expect(teams.map((t) => t.id)).toEqual([10, 12, 11]);
  });

  it("reads ids from the form and aliases or names from links", () => {
    expect(ask("event_id=5")).toEqual({ kind: "ask", ask: { event_id: 5 } });
    expect(ask("team=11")).toEqual({ kind: "ask", ask: { participant_id: 11 } });
    expect(ask("team=north-hockey-jv")).toEqual({ kind: "ask", ask: { participant_id: 12 } });
    expect(ask("participant_id=10")).toEqual({ kind: "ask", ask: { participant_id: 10 } });
    expect(ask("sport=Basketball-3x3")).toEqual({ kind: "ask", ask: { event_category_id: 3 } });
    expect(ask("event_category_id=2")).toEqual({ kind: "ask", ask: { event_category_id: 2 } });
  });

  it("takes the event first, skips empty selects, and says when a name is unknown", () => {
    expect(ask("team=&sport=football")).toEqual({ kind: "ask", ask: { event_category_id: 2 } });
    expect(ask("event_id=7&team=11")).toEqual({ kind: "ask", ask: { event_id: 7 } });
    expect(ask("")).toEqual({ kind: "none" });
    expect(ask("team=nobody")).toEqual({ kind: "unknown" });
    expect(ask("event_id=abc")).toEqual({ kind: "unknown" });
    expect(ask("event_id=0")).toEqual({ kind: "unknown" });
  });
});
