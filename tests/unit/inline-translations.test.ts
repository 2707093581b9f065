// The translations a document inlines for the browser (app/server/i18n.server.ts, read by app/entry.client.tsx).
import { describe, expect, it } from "vitest";
import { i18nOptions } from "~/lib/i18n";
import { inlineTranslations, resources } from "~/server/i18n.server";

describe("inlineTranslations", () => {
  it("holds every page's namespaces in the document's language, and nothing of the other", () => {
    const parsed = JSON.parse(inlineTranslations("fr", []));
    expect(Object.keys(parsed).sort()).toEqual([...i18nOptions.ns].sort());
    for (const ns of i18nOptions.ns) expect(parsed[ns]).toEqual(resources.fr[ns]);
    expect(parsed.common).not.toEqual(resources.en.common);
  });

  it("adds the namespaces the route declares, once, and ignores one that does not exist", () => {
    const parsed = JSON.parse(inlineTranslations("en", ["console", "video", "console", "no-such-namespace"]));
    expect(Object.keys(parsed).sort()).toEqual([...i18nOptions.ns, "console", "video"].sort());
    expect(parsed.console).toEqual(resources.en.console);
  });

  it("can never close its script element: every < is escaped, and the JSON still reads the same", () => {
    // auth.json holds markup for <Trans> (<terms>…</terms>), so there is a < to escape.
    expect(JSON.stringify(resources.en.auth)).toContain("<");
    const json = inlineTranslations("en", []);
    expect(json).not.toContain("<");
    expect(JSON.parse(json).auth).toEqual(resources.en.auth);
  });
});
