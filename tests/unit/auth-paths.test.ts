import { describe, expect, it } from "vitest";
import { authLink, returnPath, stepBackFromBuy } from "~/lib/auth-paths";

const ORIGIN = "http://alpha.localhost:8787";

describe("returnPath: where sign-in sends the visitor back to", () => {
  it("keeps same-origin pages with their query", () => {
    expect(returnPath("/watch/12?modal=1")).toBe("/watch/12?modal=1");
    expect(returnPath("/upcoming?school=north-ridge&sport=hockey")).toBe("/upcoming?school=north-ridge&sport=hockey");
  });

  it("refuses other origins, protocol-relative and backslash tricks, and control characters", () => {
    for (const bad of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "/x\u0000y", "javascript:alert(1)", 42, null]) {
      expect(returnPath(bad)).toBe("/");
    }
  });

  it("never returns to an auth page, an action or the 404 page", () => {
    for (const path of ["/login", "/registration?x=1", "/password-reset", "/verify-email?email=a", "/404", "/action/logout", "/auth/login/google"]) {
      expect(returnPath(path, "")).toBe("");
    }
  });

  it("builds login links that remember the page", () => {
    expect(authLink("/login", "/faq")).toBe("/login?redirectTo=%2Ffaq");
    expect(authLink("/registration", "/")).toBe("/registration");
    expect(authLink("/login", "/login?redirectTo=%2Ffaq")).toBe("/login");
  });
});

describe("stepBackFromBuy (SPEC §2)", () => {
  it("sends a signed-out visitor from login or registration back there", () => {
    expect(stepBackFromBuy("/buy", false, `${ORIGIN}/login?redirectTo=%2Ffaq`, ORIGIN)).toBe("/login?redirectTo=%2Ffaq");
    expect(stepBackFromBuy("/buy", false, `${ORIGIN}/registration`, ORIGIN)).toBe("/registration");
  });

  it("leaves everyone else alone", () => {
    expect(stepBackFromBuy("/buy", true, `${ORIGIN}/login`, ORIGIN)).toBeNull();
    expect(stepBackFromBuy("/buy", false, `${ORIGIN}/faq`, ORIGIN)).toBeNull();
    expect(stepBackFromBuy("/buy", false, "http://beta.localhost:8787/login", ORIGIN)).toBeNull();
    expect(stepBackFromBuy("/buy", false, null, ORIGIN)).toBeNull();
    expect(stepBackFromBuy("/packages", false, `${ORIGIN}/login`, ORIGIN)).toBeNull();
  });
});
