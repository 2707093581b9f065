import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "@api/services/auth/common-passwords";
import { knownWords, passwordProblem } from "@api/services/auth/password-policy";

const EMAIL = "Jordan.Lee@Example.com";

describe("passwordProblem: what a new password may not be (ASVS 6.2)", () => {
  it("ships a list of common passwords of the length the form accepts", () => {
    const list = COMMON_PASSWORDS.split(/\s+/).filter(Boolean);
    expect(list.length).toBeGreaterThan(2000);
    expect(list.every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
    expect(new Set(list).size).toBe(list.length);
  });

  it.each(["password", "12345678", "PASSWORD", "Password1", "qwertyuiop", "iloveyou2", "trustno1", "baseball1", "football1", "sunshine"])(
    "refuses the common password %s, in any case",
    (password) => {
      expect(passwordProblem(password, { emails: [EMAIL] })).toBe("common");
    },
  );

  it.each([
    ["the email itself", "jordan.lee@example.com", "email"],
    ["the email in another case", "JORDAN.LEE@EXAMPLE.COM", "email"],
    ["a password containing the email", "x-jordan.lee@example.com-x", "email"],
    // Issue 29: only the name before the @ is said as such, not "your email address".
    ["the local part", "Jordan.Lee", "emailName"],
    ["a password containing the local part", "jordan.lee2026!", "emailName"],
  ])("refuses %s", (_, password, problem) => {
    expect(passwordProblem(password, { emails: [EMAIL] })).toBe(problem);
  });

  it("tells an owner whose password holds the name of their address so (issue 29)", () => {
    expect(passwordProblem("Gamma-Owner-2026!", { emails: ["gamma-owner@example.test"] })).toBe("emailName");
  });

  it("checks every email given (a change of email and password at once)", () => {
    expect(passwordProblem("new.address-1", { emails: ["old@example.com", "new.address@example.com"] })).toBe("emailName");
  });

  it("does not refuse a password for sharing a short local part's letters", () => {
    expect(passwordProblem("Tall-ocean-42", { emails: ["al@example.com"] })).toBeNull();
    expect(passwordProblem("al", { emails: ["al@example.com"] })).toBe("emailName");
  });

  it("accepts a long, uncommon password, with no composition rule", () => {
    expect(passwordProblem("correct horse battery staple", { emails: [EMAIL] })).toBeNull();
    expect(passwordProblem("lowercaseonlybutlong", { emails: [EMAIL] })).toBeNull();
    expect(passwordProblem("Tall-ocean-42", { emails: [EMAIL, null, undefined], words: [null, "Jordan"] })).toBeNull();
    expect(passwordProblem("Rivière-bleue-matin", { emails: [EMAIL] })).toBeNull();
  });

  // Issue 25, ADR 028: zxcvbn's estimate, with the user's and the channel's words as known words.
  const context = { emails: ["ada.lovelace@example.com"], words: ["Ada", "Lovelace", "Alpha Sports", "alpha", "Alpha Sports Live"] };
  it.each(["Password123!", "letmein123", "Alpha Sports", "Alpha Sports Live", "AlphaSports2026", "alphasportslive", "Lovelace1815!", "Sup3r-secret!", "Jordan2026!"])(
    "refuses %s as too easy to guess",
    (password) => {
      expect(passwordProblem(password, { ...context, words: [...context.words, "Jordan"] })).toBe("weak");
    },
  );

  it("counts the channel's and the user's words as known: a password that passes elsewhere is refused here", () => {
    expect(passwordProblem("Kestrelhawks2026", { emails: [EMAIL] })).toBeNull();
    expect(passwordProblem("Kestrelhawks2026", { emails: [EMAIL], words: ["Kestrel Hawks TV"] })).toBe("weak");
    expect(passwordProblem("Zephyrwood Owls", { emails: [EMAIL], words: ["Zephyrwood Owls"] })).toBe("weak");
  });

  it("knownWords: each phrase whole, its runs of words joined, longest first, and its words", () => {
    expect(knownWords(["Alpha Sports Live", null, "", "tv", "ada.lovelace"])).toEqual([
      "alpha sports live",
      "alphasportslive",
      "alphasports",
      "sportslive",
      "alpha",
      "sports",
      "live",
      "tv",
      "ada.lovelace",
      "adalovelace",
      "ada",
      "lovelace",
    ]);
  });
});
