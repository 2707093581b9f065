// Every visible string is in both languages (issue 24): the French channel's pages are smoke-tested once each
// (tests/e2e/french.spec.ts), so what proves the rest of French is here. Every key of app/locales/en exists in
// app/locales/fr and the reverse, with the same {{placeholders}} and the plural forms i18next looks up in each
// language; and no .tsx file of the app shows literal text a translation cannot reach.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES } from "@api/contract/constants";
import { describe, expect, it } from "vitest";
import { flatten, hasLetters, placeholders, pluralForms, splitPlurals, translationKeys, visibleLiterals } from "./visible-strings";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LOCALES = path.join(ROOT, "app/locales");

const namespacesOf = (lang: string) =>
  readdirSync(path.join(LOCALES, lang))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""))
    .sort();

const read = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), "utf8")));

describe("the locale files", () => {
  const [first, ...others] = LANGUAGES;
  const namespaces = namespacesOf(first);

  it("hold the same namespaces in every language", () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of others) expect(namespacesOf(lang), lang).toEqual(namespaces);
  });

  for (const ns of namespaces) {
    describe(ns, () => {
      const byLang = new Map(LANGUAGES.map((lang) => [lang, read(lang, ns)] as const));
      const split = new Map([...byLang].map(([lang, flat]) => [lang, splitPlurals(flat as Map<string, string>)] as const));

      it("holds text, and only text, under every key", () => {
        const bad = [...byLang].flatMap(([lang, flat]) =>
          [...flat].filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key, value]) => `${lang}/${ns}.json ${key}: ${JSON.stringify(value)}`),
        );
        expect(bad).toEqual([]);
      });

      it("has every key in every language", () => {
        const keys = (lang: string) => [...split.get(lang as never)!.plain.keys()].sort();
        const bases = (lang: string) => [...split.get(lang as never)!.plurals.keys()].sort();
        for (const lang of others) {
          expect(missing(keys(first), keys(lang)), `in ${first}/${ns}.json, not in ${lang}`).toEqual([]);
          expect(missing(keys(lang), keys(first)), `in ${lang}/${ns}.json, not in ${first}`).toEqual([]);
          expect(missing(bases(first), bases(lang)), `plural in ${first}/${ns}.json, not in ${lang}`).toEqual([]);
          expect(missing(bases(lang), bases(first)), `plural in ${lang}/${ns}.json, not in ${first}`).toEqual([]);
        }
      });

      it("has the plural forms i18next looks up in each language, and no other", () => {
        const wrong: string[] = [];
        for (const lang of LANGUAGES) {
          const needed = pluralForms(lang);
          for (const [base, forms] of split.get(lang)!.plurals) {
            for (const form of needed) if (!forms.has(form)) wrong.push(`${lang}/${ns}.json ${base}_${form}: missing`);
            for (const form of forms.keys()) if (form !== "zero" && !needed.includes(form)) wrong.push(`${lang}/${ns}.json ${base}_${form}: never looked up in ${lang}`);
            // A count of 0 looks for `_zero` in any language: one language alone would word it differently.
            for (const other of LANGUAGES) if (forms.has("zero") && !split.get(other)!.plurals.get(base)?.has("zero")) wrong.push(`${other}/${ns}.json ${base}_zero: missing`);
          }
        }
        expect(wrong).toEqual([]);
      });

      it("uses the same placeholders in every language", () => {
        const wrong: string[] = [];
        const base = split.get(first)!;
        for (const lang of others) {
          const other = split.get(lang)!;
          for (const [key, text] of base.plain) {
            const theirs = other.plain.get(key);
            if (theirs !== undefined && !same(placeholders(text), placeholders(theirs))) wrong.push(`${ns}:${key}: ${first} ${placeholders(text)} ≠ ${lang} ${placeholders(theirs)}`);
          }
          // Plural forms may leave the count out ("One video"), but between them use the same ones.
          for (const [key, forms] of base.plurals) {
            const theirs = other.plurals.get(key);
            if (!theirs) continue;
            const mine = [...new Set([...forms.values()].flatMap(placeholders))].sort();
            const yours = [...new Set([...theirs.values()].flatMap(placeholders))].sort();
            if (!same(mine, yours)) wrong.push(`${ns}:${key}_*: ${first} ${mine} ≠ ${lang} ${yours}`);
          }
        }
        expect(wrong).toEqual([]);
      });
    });
  }
});

const missing = (from: string[], to: string[]) => from.filter((k) => !to.includes(k));
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Literal text the app may show as it is, in every language, because it is not language. Each entry says why.
 * Anything else with letters comes from a key (`t("…")`) or from data (the channel's names, a viewer's input).
 */
const NOT_LANGUAGE: Record<string, string> = {
  // A time zone's abbreviation, shown next to times on the dev outbox (the standard's name in every language).
  UTC: "time zone abbreviation",
  // A placeholder that shows the form of a host name, not words.
  "watch.example.com": "example host name",
  // The unit after a video's height in the quality menu ("720p"), the same in every language.
  p: "video height unit",
};

function sourceFiles(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(full, ending);
    return ending.test(entry.name) ? [full] : [];
  });
}

describe("the app's visible text", () => {
  it("finds literal text in JSX text, children and visible attributes, and not in code", () => {
    const source = `
      export const A = ({ name, t, on }: Props) => (
        <section className="hero hero--wide" data-kind="team" aria-label="Featured">
          <h1 title={t("title")}>Welcome</h1>
          <p>{on ? "Live" : t("off")} &middot; {name ?? "Nobody"}</p>
          <img src="/logo.svg" alt={\`\${name} crest\`} />
          <input placeholder={t("search")} label="Search" type="search" />
          <span>{" "}&copy; 2026 · {name}</span>
          <Link to="/upcoming?team=north">{t("see")}</Link>
        </section>
      );`;
    expect(visibleLiterals("sample.tsx", source).map(({ line, where, text }) => `${line} ${where} ${text}`)).toEqual([
      "3 aria-label Featured",
      "4 text Welcome",
      "5 text Live",
      "5 text Nobody",
      "6 alt crest",
      "7 label Search",
    ]);
    expect(hasLetters("&copy; 2026 · &nbsp; —")).toBe(false);
  });

  // Parsing every .tsx of the app (about 150 files) takes a second alone and several on a busy machine: CPU, not waiting.
  it("is in the locale files: no .tsx file shows literal words", { timeout: 60_000 }, () => {
    const found = sourceFiles(path.join(ROOT, "app"), /\.tsx$/).flatMap((file) =>
      visibleLiterals(file, readFileSync(file, "utf8"))
        .filter((literal) => !(literal.text in NOT_LANGUAGE))
        .map(({ line, where, text }) => `${path.relative(ROOT, file)}:${line} ${where} ${JSON.stringify(text)}`),
    );
    expect(found, "literal text on screen: add a key to app/locales/en and fr and use t(…)").toEqual([]);
  });
});

describe("the keys the app translates", () => {
  /** Every key of a namespace, plural ones by their base (what `t(key, { count })` is given). */
  const known = new Map(
    namespacesOf("en").map((ns) => {
      const { plain, plurals } = splitPlurals(read("en", ns) as Map<string, string>);
      return [ns, new Set([...plain.keys(), ...plurals.keys()])] as const;
    }),
  );
  const exists = (key: string, namespaces: string[] | null) => (namespaces ?? [...known.keys()]).some((ns) => known.get(ns)?.has(key.replace(/^\w+:/, "")));

  it("finds the literal keys of t() and the namespaces they come from", () => {
    const source = `
      const { t } = useTranslation("player");
      t("controls.play"); t("common:nav.home"); t("title", { ns: "faq" }); t(\`sections.\${slug}\`); i18n.t("live");`;
    expect(translationKeys("sample.tsx", source).map(({ key, namespaces }) => `${key} ${namespaces}`)).toEqual([
      "controls.play player,common",
      "common:nav.home common",
      "title faq",
      "live player,common",
    ]);
    expect(exists("controls.play", ["player", "common"])).toBe(true);
    expect(exists("events.count", ["common"])).toBe(true);
    expect(exists("controls.plya", ["player", "common"])).toBe(false);
  });

  it("exists in the locale files for every literal key the app uses", { timeout: 60_000 }, () => {
    const missingKeys = sourceFiles(path.join(ROOT, "app"), /\.tsx?$/).flatMap((file) =>
      translationKeys(file, readFileSync(file, "utf8"))
        .filter(({ key, namespaces }) => !exists(key, namespaces))
        .map(({ line, key, namespaces }) => `${path.relative(ROOT, file)}:${line} ${key} (in ${namespaces ?? "any namespace"})`),
    );
    expect(missingKeys, "t() of a key no locale file has: the key itself would show").toEqual([]);
  });
});
