import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@api/lib/safe-redirect";

describe("safeRedirectPath: a redirect from user input stays on this origin (ADR 021)", () => {
  it("keeps same-origin paths, normalised, with query and hash", () => {
    expect(safeRedirectPath("/faq?x=1#top", "/")).toBe("/faq?x=1#top");
    expect(safeRedirectPath("/upcoming?school=north-ridge&sport=hockey", "/")).toBe("/upcoming?school=north-ridge&sport=hockey");
    expect(safeRedirectPath("/a/../watch/12", "/")).toBe("/watch/12");
    expect(safeRedirectPath("/caf%C3%A9", "/")).toBe("/caf%C3%A9");
    expect(safeRedirectPath("/", "/x")).toBe("/");
  });

  const attacks: [string, unknown][] = [
    ["absolute URL", "https://evil.example/"],
    ["scheme without slashes", "javascript:alert(1)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["protocol-relative", "//evil.example/x"],
    ["backslash prefix", "/\\evil.example"],
    ["backslash inside", "/x\\y"],
    ["raw tab", "/\t/evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["raw newline", "/faq\nSet-Cookie: a=b"],
    ["encoded CR LF", "/faq%0d%0aSet-Cookie:%20a=b"],
    ["NUL", "/x\u0000y"],
    ["C1 control", "/x\u0085y"],
    ["line separator", "/x\u2028y"],
    ["encoded slash prefix", "/%2F/evil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["double-encoded slash", "/%252F/evil.example"],
    ["broken percent-encoding", "/%E0%A4%A"],
    ["relative path", "faq"],
    ["leading space", " /faq"],
    ["empty", ""],
    ["too long", `/${"a".repeat(3000)}`],
    ["not a string", 42],
    ["null", null],
    ["an object", { toString: () => "/faq" }],
  ];
  it.each(attacks)("refuses %s", (_, input) => {
    expect(safeRedirectPath(input, "/home")).toBe("/home");
  });

  it("lets an absolute URL of the given origin through as its path, and no other", () => {
    const origin = "http://alpha.localhost:8787";
    expect(safeRedirectPath(`${origin}/profile?x=1`, "/", origin)).toBe("/profile?x=1");
    expect(safeRedirectPath("http://alpha.localhost:8787.evil.example/profile", "/", origin)).toBe("/");
    expect(safeRedirectPath(`${origin}//evil.example`, "/", origin)).toBe("/");
    expect(safeRedirectPath(`${origin}/profile`, "/")).toBe("/");
  });
});
