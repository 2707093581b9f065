// Host → channel rules (DESIGN "Tenancy"): alias under a root domain, else a custom domain, else nothing.
import { describe, expect, it } from "vitest";
import { aliasFromHost, CHANNEL_ALIAS_PATTERN, hostLookup, normaliseHost, parseRootDomains } from "@api/services/host";

const ROOTS = parseRootDomains("localhost,streamhub.example");

describe("normaliseHost", () => {
  it.each([
    ["alpha.localhost", "alpha.localhost"],
    ["alpha.localhost:8787", "alpha.localhost"],
    ["ALPHA.LocalHost", "alpha.localhost"],
    ["alpha.localhost.", "alpha.localhost"],
    ["alpha.localhost.:443", "alpha.localhost"],
    ["  Alpha.Example.COM  ", "alpha.example.com"],
    ["[::1]:8787", "[::1]"],
    ["[2001:DB8::1]", "[2001:db8::1]"],
    ["127.0.0.1:8787", "127.0.0.1"],
  ])("%j → %j", (input, expected) => {
    expect(normaliseHost(input)).toBe(expected);
  });

  it("answers an empty string for a missing host", () => {
    expect(normaliseHost(null)).toBe("");
    expect(normaliseHost(undefined)).toBe("");
    expect(normaliseHost("")).toBe("");
  });
});

describe("parseRootDomains", () => {
  it("normalises, drops empty entries and puts the most specific root first", () => {
    expect(parseRootDomains(" LocalHost , ,streamhub.example:443,")).toEqual(["streamhub.example", "localhost"]);
    expect(parseRootDomains("example.com,tv.example.com")).toEqual(["tv.example.com", "example.com"]);
  });

  it("answers no roots for an unset variable", () => {
    expect(parseRootDomains(undefined)).toEqual([]);
    expect(parseRootDomains("")).toEqual([]);
  });
});

describe("hostLookup", () => {
  it.each([
    ["alpha.localhost", "alpha"],
    ["alpha.localhost:8787", "alpha"],
    ["ALPHA.LOCALHOST", "alpha"],
    ["alpha.localhost.", "alpha"],
    ["beta.streamhub.example", "beta"],
    ["my-team-2.streamhub.example:443", "my-team-2"],
    ["0.localhost", "0"],
  ])("%j names the channel %j by alias", (host, alias) => {
    expect(hostLookup(host, ROOTS)).toEqual({ kind: "alias", alias });
  });

  it.each([
    ["alpha.example.com", "alpha.example.com"],
    ["Alpha.Example.com:443", "alpha.example.com"],
    ["www.alpha.example.com.", "www.alpha.example.com"],
    ["xlocalhost", "xlocalhost"],
    ["localhost.evil.com", "localhost.evil.com"],
    ["127.0.0.1:8787", "127.0.0.1"],
    ["[::1]:8787", "[::1]"],
  ])("%j is looked up as the custom domain %j", (host, hostname) => {
    expect(hostLookup(host, ROOTS)).toEqual({ kind: "domain", hostname });
  });

  it.each([
    ["the root domain itself", "localhost"],
    ["the root domain with a port", "localhost:8787"],
    ["another root domain", "streamhub.example"],
    ["a deeper subdomain", "a.b.localhost"],
    ["a deeper subdomain of another root", "www.alpha.streamhub.example"],
    ["a label starting with a hyphen", "-alpha.localhost"],
    ["a label ending with a hyphen", "alpha-.localhost"],
    ["an underscore", "al_pha.localhost"],
    ["a 64-character label", `${"a".repeat(64)}.localhost`],
    ["an empty label", ".localhost"],
    ["no host", ""],
    ["a null host", null],
  ])("%s is not a channel", (_what, host) => {
    expect(hostLookup(host, ROOTS)).toEqual({ kind: "none" });
  });

  it("accepts a 63-character alias (the DNS label limit)", () => {
    const alias = `a${"b".repeat(61)}c`;
    expect(hostLookup(`${alias}.localhost`, ROOTS)).toEqual({ kind: "alias", alias });
  });

  it("matches the most specific root domain first", () => {
    const roots = parseRootDomains("example.com,tv.example.com");
    expect(hostLookup("alpha.tv.example.com", roots)).toEqual({ kind: "alias", alias: "alpha" });
    expect(hostLookup("alpha.example.com", roots)).toEqual({ kind: "alias", alias: "alpha" });
  });

  // Known bug (reported, api/services/host.ts aliasFromHost): a root domain nested in another root is read as
  // the alias "tv" of the shorter root, instead of "the root domain itself is not a channel". Flip to `it` once fixed.
  it("a root domain nested in another root is itself not a channel", () => {
    expect(hostLookup("tv.example.com", parseRootDomains("example.com,tv.example.com"))).toEqual({ kind: "none" });
  });

  it("without root domains every host is a custom domain", () => {
    expect(hostLookup("alpha.localhost", [])).toEqual({ kind: "domain", hostname: "alpha.localhost" });
  });
});

describe("aliasFromHost and the alias pattern", () => {
  it("answers null for a host outside the root domains", () => {
    expect(aliasFromHost("alpha.example.com", ROOTS)).toBeNull();
    expect(aliasFromHost("alpha.localhost", ROOTS)).toBe("alpha");
  });

  it("allows lowercase letters, digits and inner hyphens only", () => {
    for (const ok of ["a", "alpha", "a1", "team-1", "1team"]) expect(CHANNEL_ALIAS_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["", "Alpha", "-a", "a-", "a_b", "a.b", "é", "a b"]) expect(CHANNEL_ALIAS_PATTERN.test(bad), bad).toBe(false);
  });
});
