// The cookie notice's answer (issue 14): the consent cookie's values, what the notice's form posts, and the cookie
// that keeps the answer (a refusal as long as an acceptance).
import { describe, expect, it } from "vitest";
import { parseConsent, postedConsent } from "~/lib/consent";
import { consentCookie, readConsent } from "~/server/cookies.server";

const request = (cookie?: string, url = "http://alpha.localhost/") => new Request(url, { headers: cookie ? { cookie } : {} });

describe("parseConsent", () => {
  it("reads accepted and declined, and the notice's old \"1\" as accepted", () => {
    expect(parseConsent("accepted")).toBe("accepted");
    expect(parseConsent("declined")).toBe("declined");
    expect(parseConsent("1")).toBe("accepted");
  });

  it("treats a missing or foreign value as unanswered", () => {
    for (const value of [null, undefined, "", "0", "yes", "Accepted", "declined "]) expect(parseConsent(value), String(value)).toBeNull();
  });
});

describe("readConsent", () => {
  it("reads the cookie_consent cookie among others", () => {
    expect(readConsent(request("lng=fr; cookie_consent=declined; sid=x"))).toBe("declined");
    expect(readConsent(request("cookie_consent=accepted"))).toBe("accepted");
    expect(readConsent(request("cookie_consent=1"))).toBe("accepted");
    expect(readConsent(request("lng=fr"))).toBeNull();
    expect(readConsent(request())).toBeNull();
    expect(readConsent(request("cookie_consent=%E0%A4%A"))).toBeNull();
  });
});

describe("the notice's form", () => {
  it("declines only when Decline was pressed; a bare post or Accept accepts", () => {
    expect(postedConsent("declined")).toBe("declined");
    expect(postedConsent("accepted")).toBe("accepted");
    expect(postedConsent(null)).toBe("accepted");
  });

  it("keeps either answer a year, httpOnly and SameSite=Lax, Secure except on http://*.localhost", () => {
    expect(consentCookie(request(), "declined")).toBe("cookie_consent=declined; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
    expect(consentCookie(request(), "accepted")).toBe("cookie_consent=accepted; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
    expect(consentCookie(request(undefined, "https://alpha.streamhub.example/"), "declined")).toMatch(/; Secure$/);
  });
});
