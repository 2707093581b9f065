// The codes an action leaves in the address for a page to show (a refusal of a form posted without JavaScript).
import { describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { PAGE_NOTICES, noticeKey, withNotice } from "~/lib/page-notice";

describe("withNotice", () => {
  test("adds the code to the path's query, replacing an earlier one, and keeps the hash last", () => {
    expect(withNotice("/profile/following", "favorites-gone")).toBe("/profile/following?notice=favorites-gone");
    expect(withNotice("/upcoming?team=hawks&notice=favorites-failed#games", "favorites-too-many")).toBe("/upcoming?team=hawks&notice=favorites-too-many#games");
  });
});

describe("noticeKey", () => {
  test("names the locales key of a known code, and nothing for an unknown, empty or inherited one", () => {
    expect(noticeKey("?notice=favorites-gone")).toBe("favorites:errors.gone");
    expect(noticeKey("?team=hawks&notice=favorites-too-many")).toBe("favorites:errors.tooMany");
    for (const search of ["", "?notice=", "?notice=%3Cb%3E", "?notice=toString", "?notice=__proto__", "?notices=favorites-gone"]) expect(noticeKey(search)).toBeNull();
  });

  test("every code has its words in both languages", () => {
    for (const lang of ["en", "fr"]) {
      for (const key of Object.values(PAGE_NOTICES)) {
        const [ns, path] = key.split(":") as [string, string];
        const copy = JSON.parse(readFileSync(`app/locales/${lang}/${ns}.json`, "utf8")) as Record<string, unknown>;
        const words = path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], copy);
        expect(typeof words === "string" && words.length > 0, `${lang} ${key}`).toBe(true);
      }
    }
  });
});
