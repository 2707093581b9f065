import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "@api/services/auth/common-passwords";
import { passwordProblem } from "@api/services/auth/password-policy";

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
      expect(passwordProblem(password, [EMAIL])).toBe("common");
    },
  );

  it.each([
    ["the email itself", "jordan.lee@example.com"],
    ["the email in another case", "JORDAN.LEE@EXAMPLE.COM"],
    ["the local part", "Jordan.Lee"],
    ["a password containing the local part", "jordan.lee2026!"],
    ["a password containing the email", "x-jordan.lee@example.com-x"],
  ])("refuses %s", (_, password) => {
    expect(passwordProblem(password, [EMAIL])).toBe("email");
  });

  it("checks every email given (a change of email and password at once)", () => {
    expect(passwordProblem("new.address-1", ["old@example.com", "new.address@example.com"])).toBe("email");
  });

  it("does not refuse a password for sharing a short local part's letters", () => {
    expect(passwordProblem("Tall-ocean-42", ["al@example.com"])).toBeNull();
    expect(passwordProblem("al", ["al@example.com"])).toBe("email");
  });

  it("accepts a long, uncommon password, with no composition rule", () => {
    expect(passwordProblem("correct horse battery staple", [EMAIL])).toBeNull();
    expect(passwordProblem("lowercaseonlybutlong", [EMAIL])).toBeNull();
    expect(passwordProblem("Sup3r-secret!", [EMAIL, null, undefined])).toBeNull();
  });
});
