// Translatable text resolves to the asked language, then the channel's default, then any language.
import { describe, expect, it } from "vitest";
import { localize, localizeOptional } from "@api/services/localize";

describe("localize", () => {
  const text = { en: "Home", fr: "Accueil" };

  it("answers the asked language", () => {
    expect(localize(text, "fr", "en")).toBe("Accueil");
    expect(localize(text, "en", "fr")).toBe("Home");
  });

  it("falls back to the channel's default language", () => {
    expect(localize({ en: "Home" }, "fr", "en")).toBe("Home");
    expect(localize({ fr: "Accueil" }, "en", "fr")).toBe("Accueil");
  });

  it("then to any language present", () => {
    expect(localize({ de: "Startseite" }, "fr", "en")).toBe("Startseite");
  });

  it("answers a plain string as it is, in every language", () => {
    expect(localize("Live", "fr", "en")).toBe("Live");
    expect(localize("", "en", "en")).toBe("");
  });

  it("answers an empty string for missing text", () => {
    expect(localize(null, "en", "en")).toBe("");
    expect(localize(undefined, "fr", "en")).toBe("");
    expect(localize({}, "fr", "en")).toBe("");
  });

  it("skips languages whose value is missing", () => {
    expect(localize({ fr: undefined, en: "Home" }, "fr", "en")).toBe("Home");
  });
});

describe("localizeOptional", () => {
  it("answers null instead of an empty string", () => {
    expect(localizeOptional(null, "en", "en")).toBeNull();
    expect(localizeOptional({}, "en", "en")).toBeNull();
    expect(localizeOptional("", "en", "en")).toBeNull();
  });

  it("answers the resolved text otherwise", () => {
    expect(localizeOptional({ en: "About", fr: "À propos" }, "fr", "en")).toBe("À propos");
    expect(localizeOptional({ en: "About" }, "fr", "en")).toBe("About");
    expect(localizeOptional("About", "fr", "en")).toBe("About");
  });
});
