import { describe, expect, it } from "vitest";
import type { Event, EventParticipant } from "@api/contract/catalogue";
import { formatEventTime, genderLetter, matchup, participantLabel, safeZone, teamName } from "~/lib/format";

const side = (name: string, s: "home" | "away", short_name: string | null = null): EventParticipant => ({
  id: s === "home" ? 1 : 2,
  alias: name.toLowerCase().replace(/\W+/g, "-"),
  name,
  short_name,
  images: {},
  color: null,
  side: s,
  group: null,
});

describe("teamName", () => {
  it.each([
    ["University of Northfield Owls", "Northfield Owls"],
    ["Northfield University Owls", "Northfield Owls"],
    ["Lakeside University", "Lakeside"],
    ["university of Lakeside", "Lakeside"],
    ["Université Laval Rouge et Or", "Université Laval Rouge et Or"],
    ["Riverside Hawks", "Riverside Hawks"],
  ])("%s → %s", (name, shown) => expect(teamName(name)).toBe(shown));

  it("keeps a name that is nothing but the word", () => expect(teamName("University")).toBe("University"));
});

describe("matchup", () => {
  const event = (participants: EventParticipant[]) => ({ name: "Season opener", participants }) as Pick<Event, "name" | "participants">;

  it("shows away @ home by short name, whatever the order", () => {
    expect(matchup(event([side("University of Northfield Owls", "home", "Northfield"), side("Lakeside University Lions", "away", "Lakeside")]))).toBe(
      "Lakeside @ Northfield",
    );
  });

  it("falls back to the name without University", () => {
    expect(participantLabel(side("University of Northfield Owls", "home"))).toBe("Northfield Owls");
  });

  it("uses the event name when it has not two sides", () => {
    expect(matchup(event([side("Owls", "home")]))).toBe("Season opener");
    expect(matchup(event([]))).toBe("Season opener");
  });
});

describe("genderLetter", () => {
  it("shows M and W, nothing for not identified", () => {
    expect(genderLetter("men")).toBe("M");
    expect(genderLetter("women")).toBe("W");
    expect(genderLetter("not_identified")).toBeNull();
    expect(genderLetter(undefined)).toBeNull();
  });
});

describe("formatEventTime", () => {
  const iso = "2026-03-01T01:30:00.000Z";

  it("formats in the event's zone", () => {
    expect(formatEventTime(iso, "en", "America/Chicago")).toMatch(/Feb 28.*7:30.*CST/);
    expect(formatEventTime(iso, "en", "America/New_York")).toMatch(/Feb 28.*8:30.*EST/);
    expect(formatEventTime(iso, "fr", "America/Toronto")).toMatch(/28 févr.*20:30/);
  });

  it("falls back to the runtime zone for an unknown zone and is empty for a bad date", () => {
    expect(safeZone("Mars/Olympus")).toBeUndefined();
    expect(formatEventTime(iso, "en", "Mars/Olympus")).not.toBe("");
    expect(formatEventTime("not a date", "en", "UTC")).toBe("");
  });
});
