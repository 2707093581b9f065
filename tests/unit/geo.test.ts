import { describe, expect, it } from "vitest";
import { normalizeCountry, resolveGeo } from "@api/services/geo";

const base = { simulationAllowed: true, blockedCountries: ["RU", "BY"] };

describe("resolveGeo", () => {
  it("reads request.cf first, then CF-IPCountry", () => {
    expect(resolveGeo({ ...base, cfCountry: "CA", headerCountry: "US" }).country_code).toBe("CA");
    expect(resolveGeo({ ...base, headerCountry: "us" }).country_code).toBe("US");
    expect(resolveGeo({ ...base }).country_code).toBeNull();
  });

  it("answers the country's name, the ip, and not blocked for an allowed country", () => {
    expect(resolveGeo({ ...base, headerCountry: "US", ip: "203.0.113.7" })).toEqual({
      country: "United States",
      country_code: "US",
      ip: "203.0.113.7",
      is_geo_blocked: false,
    });
  });

  it("blocks a country in the channel's geo.blocked_countries", () => {
    expect(resolveGeo({ ...base, cfCountry: "RU" }).is_geo_blocked).toBe(true);
    expect(resolveGeo({ ...base, cfCountry: "RU", blockedCountries: [] }).is_geo_blocked).toBe(false);
  });

  it("lets X-Simulate-Country override outside production only", () => {
    expect(resolveGeo({ ...base, cfCountry: "US", simulatedCountry: "BY" })).toMatchObject({ country_code: "BY", is_geo_blocked: true });
    expect(resolveGeo({ ...base, simulationAllowed: false, cfCountry: "US", simulatedCountry: "BY" })).toMatchObject({
      country_code: "US",
      is_geo_blocked: false,
    });
  });

  it("treats an unknown country (XX, Tor, garbage) as none, and never blocks it", () => {
    for (const v of ["XX", "T1", "", "usa", "1"]) expect(normalizeCountry(v), v).toBeNull();
    expect(resolveGeo({ ...base, headerCountry: "XX", blockedCountries: ["XX"] })).toMatchObject({ country: null, is_geo_blocked: false });
  });
});
