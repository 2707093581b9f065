// /simulate's query parameters (SPEC §2: event_id, team, sport, participant_id, event_category_id) resolved to the
// one thing GET /simulate is asked about. Menu links name teams and sports by alias, the page's own form by id.
import type { EventCategory, Participant } from "@api/contract/catalogue";
import type { SimulateAsk } from "~/server/api/orders.server";

export interface Choice {
  id: number;
  label: string;
  alias?: string;
}

/** The sports tree as a flat list, sub-sports indented under their parent; the "All" placeholder (id 0) left out. */
export function sportChoices(tree: readonly EventCategory[], depth = 0): Choice[] {
  return tree.flatMap((c) => [
    ...(c.id === 0 ? [] : [{ id: c.id, alias: c.alias, label: `${"— ".repeat(depth)}${c.name}` }]),
    ...sportChoices(c.children ?? [], c.id === 0 ? depth : depth + 1),
  ]);
}

/** Every team, children (e.g. JV) included, by name. */
export function teamChoices(teams: readonly Participant[], label: (p: Participant) => string): Choice[] {
  const flat = (list: readonly Participant[]): Participant[] => list.flatMap((p) => [p, ...flat(p.children ?? [])]);
  const seen = new Set<number>();
  return flat(teams)
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .map((p) => ({ id: p.id, alias: p.alias, label: label(p) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

const positiveId = (v: string | null): number | null => {
  if (!v || !/^\d+$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** An id, or the alias (or name, case-insensitively) of one of the choices. */
function pick(value: string | null, choices: readonly Choice[]): number | null {
  if (!value?.trim()) return null;
  const id = positiveId(value.trim());
  if (id !== null) return id;
  const v = value.trim().toLowerCase();
  return choices.find((c) => c.alias?.toLowerCase() === v || c.label.replace(/^(— )+/, "").toLowerCase() === v)?.id ?? null;
}

export type Asked =
  | { kind: "none" }
  /** A parameter was given but names nothing we know. */
  | { kind: "unknown" }
  | { kind: "ask"; ask: SimulateAsk };

/** The first of event, team, sport that is given (a page link sets one); empty selects count as not given. */
export function readAsk(params: URLSearchParams, teams: readonly Choice[], sports: readonly Choice[]): Asked {
  const given = (...names: string[]) => names.map((n) => params.get(n)).find((v) => v !== null && v.trim() !== "") ?? null;
  const event = given("event_id");
  if (event !== null) {
    const id = positiveId(event.trim());
    return id === null ? { kind: "unknown" } : { kind: "ask", ask: { event_id: id } };
  }
  const team = given("participant_id", "team");
  if (team !== null) {
    const id = pick(team, teams);
    return id === null ? { kind: "unknown" } : { kind: "ask", ask: { participant_id: id } };
  }
  const sport = given("event_category_id", "sport");
  if (sport !== null) {
    const id = pick(sport, sports);
    return id === null ? { kind: "unknown" } : { kind: "ask", ask: { event_category_id: id } };
  }
  return { kind: "none" };
}
