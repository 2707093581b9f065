// The definition schema's field messages in the console's languages (issue 16): every message the schema can say
// has a code in the catalogue, every code has English and French words, and a refused value's issues become codes.
import { readFileSync } from "node:fs";
import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { fieldErrorsIn } from "../../app/features/console/messages";
import { channelFileSchema } from "../../api/channels/definition";
import { codeOfIssue, codeOfMessage, DEFINITION_MESSAGE_CODES, DEFINITION_MESSAGES, definitionMessage } from "../../api/contract/definition-messages";

const SCHEMA_FILES = ["definition.ts", "fields.ts", "catalogue.ts", "products.ts", "users.ts"].map((f) => `api/channels/${f}`);
const locale = (lang: string) => JSON.parse(readFileSync(`app/locales/${lang}/console.json`, "utf8")) as { schema: { messages: Record<string, string> } };

/** Messages a schema file writes in its own words: `message: "…"`, `.regex(…, "…")`, `.min(n, "…")`, `issue(path, "…")`. */
function schemaMessages(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const literal = String.raw`("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|` + "`(?:[^`\\\\]|\\\\.)*`)";
  const found = [
    ...source.matchAll(new RegExp(String.raw`message: ` + literal, "g")),
    ...source.matchAll(new RegExp(String.raw`\.(?:regex|min|max|refine)\([^\n]*?, ` + literal, "g")),
    ...source.matchAll(new RegExp(String.raw`issue\([^,()]+, ` + literal, "g")),
  ].map((m) => m[1]);
  return found
    .map((quoted) => quoted.slice(1, -1).replace(/\\(["'`\\])/g, "$1"))
    .filter((text) => text !== "" && !/^\$\{[^}]*\}$/.test(text)) // a message passed through (message: issue.message)
    .map((text) => text.replace(/\$\{(?:[^{}]|\{[^}]*\})*\}/g, "x"));
}

describe("the definition's field messages", () => {
  it("says every message through the catalogue, so each has a code (no words of the schema's own)", () => {
    const own = SCHEMA_FILES.flatMap((file) => schemaMessages(file).map((m) => `${file}: ${m}`));
    expect(own).toEqual([]);
    const uses = SCHEMA_FILES.map((file) => readFileSync(file, "utf8").match(/\bDM\.\w+|\bsay\(\{ code: "\w+"/g) ?? []).flat();
    expect(uses.length).toBeGreaterThan(60);
  });

  it("has English and French words for every code, with the same values", () => {
    const [en, fr] = [locale("en"), locale("fr")];
    for (const code of DEFINITION_MESSAGE_CODES) {
      const names = [...DEFINITION_MESSAGES[code].matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const words of [en.schema.messages[code], fr.schema.messages[code]]) {
        expect(words, code).toBeTruthy();
        expect([...words.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort(), code).toEqual(names);
      }
    }
    expect(Object.keys(en.schema.messages).sort()).toEqual([...DEFINITION_MESSAGE_CODES].sort());
    expect(Object.keys(fr.schema.messages).sort()).toEqual([...DEFINITION_MESSAGE_CODES].sort());
  });

  it("says everything of the console in both languages", () => {
    const keys = (node: unknown, at = ""): string[] =>
      node && typeof node === "object" ? Object.entries(node).flatMap(([k, v]) => keys(v, at ? `${at}.${k}` : k)) : [at];
    expect(keys(locale("fr")).sort()).toEqual(keys(locale("en")).sort());
  });

  it("reads a message's values back from its words", () => {
    expect(codeOfMessage('duplicate key "faq-1"')).toEqual({ code: "duplicate", params: { what: "key", value: "faq-1" } });
    expect(codeOfMessage('is required for kind "link" (unless it has children)')).toEqual({ code: "linkNeedsUrl" });
    expect(codeOfMessage('unknown sport "curling" (not in the catalogue)')).toEqual({ code: "notInCatalogue", params: { what: "sport", value: "curling" } });
    expect(definitionMessage({ code: "noPage", params: { url: "/x" } })).toBe('no page with url "/x" in pages');
    expect(codeOfMessage("something else")).toBeUndefined();
  });

  it("gives zod's own checks a code by their kind", () => {
    const result = channelFileSchema.safeParse({ name: "", channel_key: "ck_alpha_12345678", menu: [{ key: "A", kind: "nope", name: "N", placement: "header", weight: 1.5 }] });
    expect(result.success).toBe(false);
    const codes = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), codeOfIssue(i).code]));
    expect(codes).toMatchObject({ name: "required", "menu.0.key": "keyFormat", "menu.0.kind": "choice", "menu.0.weight": "type" });
    // A translatable text: missing is "required"; a language left empty says so.
    const faq = channelFileSchema.safeParse({ name: "N", channel_key: "ck_alpha_12345678", faq: [{ key: "a", question: { fr: "" } }] });
    expect(Object.fromEntries(faq.error!.issues.map((i) => [i.path.join("."), codeOfIssue(i).code]))).toMatchObject({ "faq.0.answer": "required" });
    expect(faq.error!.issues.some((i) => i.path.join(".").startsWith("faq.0.question"))).toBe(true);
  });

  it("words a refusal in the page's language: by its codes, else by the English words the catalogue knows", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "fr", ns: ["console"], resources: { fr: { console: locale("fr") } }, interpolation: { escapeValue: false } });
    const t = i18n.getFixedT("fr") as TFunction;
    const errors = {
      "children.0.key": ['duplicate key "x"'],
      "fields.0.options": ["a select needs options"],
      weight: ["Invalid input: expected number, received string"],
      duration: ["must be a number"],
      other: ["Something the catalogue does not know"],
    };
    const codes = { weight: [{ code: "type" as const, params: { expected: "number" } }], "children.0.key": [{ code: "duplicate" as const, params: { what: "key", value: "x" } }] };
    expect(fieldErrorsIn(t, errors, codes)).toEqual({
      "children.0.key": ["clé « x » en double"],
      "fields.0.options": ["une liste demande des choix"],
      weight: ["doit être un nombre"],
      duration: ["doit être un nombre"],
      other: ["Something the catalogue does not know"],
    });
  });
});
