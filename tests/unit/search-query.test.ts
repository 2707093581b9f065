// The search query's reading (issue 28): folding, words, the FTS5 expression, and the one-typo allowance.
import { describe, expect, it } from "vitest";
import { foldWord, matchExpression, searchWords, TYPO_MAX_ALTERNATIVES, typoAlternatives, typoRange, withinOneEdit } from "@api/services/search-query";

describe("searchWords", () => {
  it("folds case, accents and ligatures, and splits at anything not a letter or a digit", () => {
    expect(foldWord("Équipe CŒUR Ça Straße")).toBe("equipe coeur ca strasse");
    expect(searchWords("Collège Saint-Laurent")).toEqual(["college", "saint", "laurent"]);
    expect(searchWords("cascade-summit")).toEqual(["cascade", "summit"]);
    expect(searchWords("  Top_10 (plays)!  ")).toEqual(["top", "10", "plays"]);
    expect(searchWords("\"*\" NEAR( :")).toEqual(["near"]);
    expect(searchWords("%%__")).toEqual([]);
  });

  it("drops repeats, joining words and single letters while other words remain", () => {
    expect(searchWords("riverside vs northview")).toEqual(["riverside", "northview"]);
    expect(searchWords("Northview @ Riverside")).toEqual(["northview", "riverside"]);
    expect(searchWords("le match de la saison")).toEqual(["match", "saison"]);
    expect(searchWords("the the")).toEqual(["the"]);
    expect(searchWords("saint l")).toEqual(["saint"]);
    expect(searchWords("x y")).toEqual(["x", "y"]);
    expect(searchWords("north NORTH North")).toEqual(["north"]);
  });

  it("reads at most eight words", () => {
    expect(searchWords("one two three four five six seven eight nine ten")).toHaveLength(8);
  });
});

describe("matchExpression", () => {
  it("asks for the channel's scope and every word as a word's start", () => {
    expect(matchExpression(12, ["saint", "laurent"])).toBe('scope : "c12" AND body : "saint"* AND body : "laurent"*');
  });

  it("lets a word also be its corrections, each matched whole", () => {
    expect(matchExpression(3, ["hokcey", "men"], new Map([["hokcey", ["hockey"]]]))).toBe(
      'scope : "c3" AND body : ("hokcey"* OR "hockey") AND body : "men"*'
    );
  });
});

describe("the typo allowance", () => {
  it.each([
    ["hockey", "hockey", true],
    ["hokcey", "hockey", true], // two letters swapped
    ["hocky", "hockey", true], // one dropped
    ["hockeyy", "hockey", true], // one added
    ["hackey", "hockey", true], // one changed
    ["hkcey", "hockey", false],
    ["hcokye", "hockey", false],
    ["hockey", "hock", false],
    ["ab", "ba", true],
  ])("%s ↔ %s: %s", (a, b, near) => {
    expect(withinOneEdit(a, b)).toBe(near);
    expect(withinOneEdit(b, a)).toBe(near);
  });

  it("offers words one edit away, closest length first, only for words of five letters or more", () => {
    expect(typoAlternatives("northveiw", ["northview", "northviews", "north", "norhtview", "nordview", "northveiw", "northviw"])).toEqual(["northview", "northviw"]);
    expect(typoAlternatives("rivrside", ["riverside", "riversides", "rivers"])).toEqual(["riverside"]);
    expect(typoAlternatives("nrth", ["north"])).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => `hocke${String.fromCharCode(97 + i)}`);
    expect(typoAlternatives("hockez", many)).toHaveLength(TYPO_MAX_ALTERNATIVES);
  });

  it("reads candidates sharing the first letter, within one letter of the length", () => {
    expect(typoRange("hockey")).toEqual({ from: "h", to: "i", minLength: 5, maxLength: 7 });
    expect(typoRange("école")).toMatchObject({ from: "é", to: "ê" });
  });
});
