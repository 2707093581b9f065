// The console's described forms (issue 16): a posted form read back into the definition's shape, times read in the
// channel's zone, and the API's errors placed at their fields.
import { describe, expect, it } from "vitest";
import { errorsFor, fieldDefault, fromLocalInput, otherErrors, readForm, toLocalInput, type Field } from "../../app/features/console/fields";
import { suggestKey } from "../../app/features/console/section.server";
import { fromFormKeys, SETTINGS_FIELDS, settingsFromForm, toFormErrorKeys, toFormKeys } from "../../app/features/console/settings-fields";

const fields: Field[] = [
  { name: "key", label: "key", kind: "text" },
  { name: "name", label: "name", kind: "localized" },
  { name: "duration", label: "duration", kind: "number" },
  { name: "published", label: "published", kind: "checkbox" },
  { name: "teams", label: "teams", kind: "multiselect", options: [] },
  { name: "start", label: "start", kind: "datetime", timeZone: "America/Chicago" },
  { name: "images.logo", label: "logo", kind: "image", images: [] },
  { name: "fields", label: "form_fields", kind: "json" },
];

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("reading a console form", () => {
  it("gives the item the definition wants, keeping what the form does not show", () => {
    const posted = form([
      ["key", " final "],
      ["name.en", "Final"],
      ["name.fr", ""],
      ["duration", "90"],
      ["published", "on"],
      ["teams", "a"],
      ["teams", "b"],
      ["start", "2026-12-05T19:00"],
      ["images.logo", "uploads/abc.png"],
      ["fields", '[{"name":"email"}]'],
    ]);
    const { value, errors } = readForm(fields, posted, { key: "old", children: [1], images: { banner: "b.png" } });
    expect(errors).toEqual({});
    expect(value).toEqual({
      key: "final",
      name: { en: "Final" },
      duration: 90,
      published: true,
      teams: ["a", "b"],
      start: { utc: "2026-12-06T01:00:00.000Z" }, // 19:00 in Chicago (CST, UTC−6)
      images: { banner: "b.png", logo: "uploads/abc.png" },
      fields: [{ name: "email" }],
      children: [1],
    });
  });

  it("clears emptied fields and unchecked boxes, and says what does not parse", () => {
    const { value, errors } = readForm(fields, form([["duration", "abc"], ["start", "tomorrow"], ["fields", "{nope"]]), { name: { en: "Old" }, published: true, images: { logo: "x.png" } });
    expect(value.name).toBeUndefined();
    expect(value.published).toBe(false);
    expect(value.images).toBeUndefined(); // its only key went
    expect(errors).toEqual({ duration: ["must be a number"], start: ["must be a date and time"], fields: ["must be valid JSON"] });
  });

  it("shows stored values back in the form, in the zone, across a DST change", () => {
    expect(toLocalInput("2026-07-01T00:00:00Z", "America/Chicago")).toBe("2026-06-30T19:00");
    expect(fromLocalInput("2026-06-30T19:00", "America/Chicago")).toBe("2026-07-01T00:00:00.000Z");
    expect(fieldDefault(fields[1], { name: "Plain" }, "fr")).toEqual({ fr: "Plain" });
    expect(fieldDefault(fields[4], {}, "en")).toEqual([]);
  });

  it("puts the API's errors at their field and the rest above the form", () => {
    const errors = { name: ["needs a language"], "name.en": ["too long"], "catalogue.events.3.home": ['unknown team "x"'] };
    expect(errorsFor(errors, "name")).toEqual(["needs a language", "en: too long"]);
    expect(otherErrors(errors, fields)).toEqual(['catalogue.events.3.home: unknown team "x"']);
  });
});

describe("settings and keys", () => {
  it("names dotted setting keys in the form and back", () => {
    expect(toFormKeys({ "auth.remote_auth": 1, title: "T" })).toEqual({ auth__remote_auth: 1, title: "T" });
    expect(fromFormKeys({ auth__google: { client_id: "x" } })).toEqual({ "auth.google": { client_id: "x" } });
    expect(settingsFromForm({ auth__remote_auth: true, languages: [], contacts: { email: "a@b.c" } })).toEqual({ "auth.remote_auth": 1, contacts: { email: "a@b.c", phone: null, address: null } });
    expect(toFormErrorKeys({ "auth.google.client_id": ["bad"], "contacts.email": ["bad"] }, ["auth.google", "contacts"])).toEqual({
      "auth__google.client_id": ["bad"],
      "contacts.email": ["bad"],
    });
  });

  it("edits clip tags and social links as rows: a posted form round-trips to the stored shape", () => {
    const stored = {
      "clips.tags": ["goal", { key: "big-save", name: { en: "Big save", fr: "Gros arrêt" } }],
      social: [{ network: "Instagram", url: "https://instagram.com/alpha" }],
    };
    const shown = toFormKeys(stored);
    expect(shown.clips__tags).toEqual([{ key: "goal" }, { key: "big-save", name: { en: "Big save", fr: "Gros arrêt" } }]);
    // What the page posts for those rows, with one more tag added and the first link's network changed.
    const posted = form([
      ["clips__tags.__count", "3"],
      ["clips__tags.0.key", "goal"],
      ["clips__tags.1.key", "big-save"],
      ["clips__tags.1.name.en", "Big save"],
      ["clips__tags.1.name.fr", "Gros arrêt"],
      ["clips__tags.2.key", "dunk"],
      ["clips__tags.2.name.fr", "Smash"],
      ["social.__count", "1"],
      ["social.0.network", "Instagram FR"],
      ["social.0.url", "https://instagram.com/alpha"],
    ]);
    const rows = SETTINGS_FIELDS.filter((f) => f.name === "clips__tags" || f.name === "social");
    const read = readForm(rows, posted, shown);
    expect(read.errors).toEqual({});
    expect(settingsFromForm(read.value)).toEqual({
      "auth.remote_auth": 0,
      "clips.tags": ["goal", { key: "big-save", name: { en: "Big save", fr: "Gros arrêt" } }, { key: "dunk", name: { fr: "Smash" } }],
      social: [{ network: "Instagram FR", url: "https://instagram.com/alpha" }],
    });
    // No rows left: the settings go back to their defaults (the built-in tags, no links).
    expect(settingsFromForm(readForm(rows, form([["clips__tags.__count", "0"], ["social.__count", "0"]]), shown).value)).toEqual({ "auth.remote_auth": 0 });
  });

  it("makes a new item's key from what names it, unique in its section", () => {
    expect(suggestKey("events", { away: "south", home: "north", start: { utc: "2026-12-06T01:00:00.000Z" } }, [])).toBe("south-at-north-2026-12-06");
    expect(suggestKey("faq", { question: { en: "Où est l'arène ?" } }, ["ou-est-l-arene"])).toBe("ou-est-l-arene-2");
    expect(suggestKey("slides", {}, [])).toBe("slides");
  });
});
