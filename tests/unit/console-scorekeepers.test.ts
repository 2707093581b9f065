// The console's scorekeepers page (issue 27, app/features/console/scorekeepers.ts): the events a grant can name are
// the ones the API calls upcoming or live and of a scoring sport, the events list links those to their score pages by
// key, and the grant form's choice reads as the season or one event, never as something else.
import type { LiveEventRow } from "@api/contract/video";
import { describe, expect, it } from "vitest";
import { grantTarget, scorableEvents, scorePagesByKey, SEASON } from "~/features/console/scorekeepers";

const event = (id: number, key: string, stream_status: LiveEventRow["stream_status"], scoring: LiveEventRow["scoring"] = "basketball"): LiveEventRow => ({
  id,
  key,
  name: key,
  starts_at: "2026-12-07T18:00:00.000Z",
  ends_at: "2026-12-07T20:00:00.000Z",
  stream_status,
  input: null,
  scoring,
});

const events = [event(3, "done", "finished"), event(7, "now", "live"), event(9, "next", "upcoming"), event(11, "swim", "live", null)];

describe("the events one can keep score of", () => {
  it("are the live and upcoming ones of a sport that keeps a score, in the API's order", () => {
    expect(scorableEvents(events).map((e) => e.id)).toEqual([7, 9]);
  });

  it("link to their score page by their key; a finished one has none", () => {
    const pages = scorePagesByKey(events);
    expect(pages.get("now")).toBe("/score/7");
    expect(pages.get("next")).toBe("/score/9");
    expect(pages.has("done")).toBe(false);
    expect(pages.has("swim")).toBe(false);
  });
});

describe("the grant form's event", () => {
  it("is the season or one event's id", () => {
    expect(grantTarget(SEASON)).toBeNull();
    expect(grantTarget("42")).toBe(42);
  });

  it("is neither when the form names something else", () => {
    for (const value of [null, "", "0", "-4", "4.5", "1e3", " 42", "season ", "99999999999999999"]) expect(grantTarget(value), String(value)).toBeUndefined();
    expect(grantTarget(new File([], "42"))).toBeUndefined();
  });
});
