// The local CustomHostnames verifier's rule (active only with both records, else pending naming what is missing),
// the hostname rules the console's form and the API share, and the env settings that pick the provider.
import { describe, expect, it } from "vitest";
import { addDomainSchema, DOMAIN_MESSAGES, hostnameProblem, localDnsRecordSchema } from "@api/contract/domains";
import { readHostnamesConfig } from "@api/providers/hostnames/config";
import { localVerdict, OWNERSHIP_LABEL, requiredRecords } from "@api/providers/hostnames/local";

const ref = { hostname: "tv.club.example", verification: { name: `${OWNERSHIP_LABEL}.tv.club.example`, value: "3b1c0f6e-token" } };
const required = requiredRecords(ref, "origin.streamhub.example");
const [cname, txt] = required;

describe("the local verifier", () => {
  it("asks for a CNAME to the fallback origin and the ownership TXT record", () => {
    expect(required).toEqual([
      { type: "CNAME", name: "tv.club.example", value: "origin.streamhub.example" },
      { type: "TXT", name: "_cf-custom-hostname.tv.club.example", value: "3b1c0f6e-token" },
    ]);
  });

  it("is active with both records, and pending saying which one is missing otherwise", () => {
    expect(localVerdict(required, [txt, cname])).toEqual({ status: "active", detail: null });
    expect(localVerdict(required, [])).toEqual({
      status: "pending",
      detail: "No CNAME record from tv.club.example to origin.streamhub.example yet. No TXT record _cf-custom-hostname.tv.club.example with the verification value yet.",
    });
    expect(localVerdict(required, [cname]).detail).toBe("No TXT record _cf-custom-hostname.tv.club.example with the verification value yet.");
    expect(localVerdict(required, [txt]).detail).toBe("No CNAME record from tv.club.example to origin.streamhub.example yet.");
  });

  it("does not take a record with another value or type for the right one", () => {
    expect(localVerdict(required, [{ ...txt, value: "other" }, cname]).status).toBe("pending");
    expect(localVerdict(required, [{ ...cname, value: "elsewhere.example" }, txt]).status).toBe("pending");
    expect(localVerdict(required, [{ ...txt, type: "CNAME" }, cname]).status).toBe("pending");
  });

  it("reads records as a DNS panel shows them: a CNAME's case and final dot do not matter, TXT quotes are dropped", () => {
    expect(localDnsRecordSchema.parse({ type: "CNAME", name: "TV.Club.Example.", value: "Origin.StreamHub.Example." })).toEqual(cname);
    expect(localDnsRecordSchema.parse({ type: "TXT", name: txt.name, value: '"3b1c0f6e-token"' })).toEqual(txt);
    expect(localDnsRecordSchema.safeParse({ type: "A", name: "x.example", value: "1.2.3.4" }).success).toBe(false);
  });
});

describe("hostname rules", () => {
  it("accepts domains and subdomains, made canonical", () => {
    expect(addDomainSchema().parse({ hostname: "  Sports.School.EDU. " })).toEqual({ hostname: "sports.school.edu" });
    for (const ok of ["example.com", "a.b.c.example.co.uk", "xn--bcher-kva.example", "1password.example"]) expect(hostnameProblem(ok), ok).toBeNull();
  });

  it("refuses IP addresses, URLs, single labels and bad labels with the matching words", () => {
    const cases: [string, keyof typeof DOMAIN_MESSAGES][] = [
      ["", "required"],
      ["192.0.2.10", "ip"],
      ["2001:db8::1", "ip"],
      ["[::1]", "ip"],
      ["https://example.com", "invalid"],
      ["example.com/path", "invalid"],
      ["localhost", "invalid"],
      ["-bad.example.com", "invalid"],
      ["under_score.example.com", "invalid"],
      ["*.example.com", "invalid"],
      ["10.0.0", "invalid"],
      [`${"a".repeat(64)}.example.com`, "invalid"],
      [`${"abcdefghi.".repeat(26)}com`, "tooLong"],
    ];
    for (const [value, problem] of cases) {
      expect(hostnameProblem(value), value).toBe(problem);
      const parsed = addDomainSchema().safeParse({ hostname: value });
      expect(parsed.success ? null : parsed.error.issues[0].message, value).toBe(DOMAIN_MESSAGES[problem]);
    }
  });

  it("says it in the visitor's words when given them", () => {
    const fr = { required: "Saisissez un domaine.", invalid: "Domaine invalide.", ip: "Pas une adresse IP.", tooLong: "Trop long." };
    const parsed = addDomainSchema(fr).safeParse({ hostname: "192.0.2.10" });
    expect(parsed.success ? null : parsed.error.issues[0].message).toBe("Pas une adresse IP.");
  });
});

describe("custom hostnames settings", () => {
  it("uses the local stand-in and origin.<first root domain> by default", () => {
    expect(readHostnamesConfig({ ROOT_DOMAINS: "streamhub.example,localhost", FALLBACK_ORIGIN: "" })).toEqual({ fallbackOrigin: "origin.streamhub.example", cloudflare: null });
    expect(readHostnamesConfig({ ROOT_DOMAINS: "localhost,streamhub.example" }).fallbackOrigin).toBe("origin.localhost");
  });

  it("takes FALLBACK_ORIGIN as given, and Cloudflare when both its settings are there", () => {
    const config = readHostnamesConfig({ ROOT_DOMAINS: "localhost", FALLBACK_ORIGIN: " Customers.StreamHub.Example. ", CLOUDFLARE_ZONE_ID: "z1", CLOUDFLARE_API_TOKEN: "t1" });
    expect(config).toEqual({ fallbackOrigin: "customers.streamhub.example", cloudflare: { zoneId: "z1", apiToken: "t1", apiUrl: "https://api.cloudflare.com/client/v4" } });
    // CLOUDFLARE_API_BASE, shared with the Stream adapter, points the calls elsewhere (tests' local stand-in).
    const local = readHostnamesConfig({ ROOT_DOMAINS: "localhost", CLOUDFLARE_ZONE_ID: "z1", CLOUDFLARE_API_TOKEN: "t1", CLOUDFLARE_API_BASE: "http://127.0.0.1:8931/client/v4/" });
    expect(local.cloudflare?.apiUrl).toBe("http://127.0.0.1:8931/client/v4");
    expect(() => readHostnamesConfig({ ROOT_DOMAINS: "localhost", CLOUDFLARE_API_BASE: "not a url" })).toThrow(/http\(s\) URL/);
  });

  it("refuses half a Cloudflare configuration and a fallback origin that is not a hostname", () => {
    expect(() => readHostnamesConfig({ ROOT_DOMAINS: "localhost", CLOUDFLARE_ZONE_ID: "z1" })).toThrow(/CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN/);
    expect(() => readHostnamesConfig({ ROOT_DOMAINS: "localhost", FALLBACK_ORIGIN: "https://origin.example" })).toThrow(/FALLBACK_ORIGIN/);
    expect(() => readHostnamesConfig({ ROOT_DOMAINS: "" })).toThrow(/FALLBACK_ORIGIN or ROOT_DOMAINS/);
  });
});
