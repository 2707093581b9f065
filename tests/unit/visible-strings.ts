// What locales.test.ts reads: the locale files as i18next resolves them (flat keys, plural forms, placeholders), and
// the literal text a .tsx file shows (JSX text and the attributes a viewer sees or hears), found with TypeScript's
// own parser so that a string in code (a class name, a URL, a key) is never mistaken for one on screen.
import ts from "typescript";

/** A locale file's strings by their dotted key ("events.filters.apply"). */
export function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, value);
  return out;
}

/** i18next's plural suffixes (`_one`, `_other`… after Intl.PluralRules' categories, and the optional `_zero`). */
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

export interface Split {
  /** Keys looked up as they are. */
  plain: Map<string, string>;
  /** Plural keys by their base ("events.count" → { one: "…", other: "…" }). */
  plurals: Map<string, Map<string, string>>;
}

/** A namespace's flat keys, with the plural forms grouped under the base key `t(base, { count })` asks for. */
export function splitPlurals(flat: Map<string, string>): Split {
  const plain = new Map<string, string>();
  const plurals = new Map<string, Map<string, string>>();
  for (const [key, value] of flat) {
    const match = PLURAL.exec(key);
    if (!match) {
      plain.set(key, value);
      continue;
    }
    const forms = plurals.get(match[1]!) ?? new Map<string, string>();
    forms.set(match[2]!, value);
    plurals.set(match[1]!, forms);
  }
  return { plain, plurals };
}

/**
 * The plural forms i18next looks up in a language: one per category of the language's Intl.PluralRules (French
 * has "many", for a million and more), as i18next's PluralResolver picks the suffix. `_zero` is looked up for a
 * count of 0 in every language when present, so it is optional, but then needed in both.
 */
export const pluralForms = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];

/** The `{{placeholders}}` (by name, without a format) and `$t(nested)` keys a string uses. */
export function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*-?\s*([^\s,}]+)[^}]*\}\}/g)].map((m) => m[1]!);
  const nested = [...text.matchAll(/\$t\(([^),]+)/g)].map((m) => `$t(${m[1]!.trim()})`);
  return [...new Set([...names, ...nested])].sort();
}

/** The attributes whose value a viewer reads or hears. */
export const VISIBLE_ATTRIBUTES = new Set(["alt", "title", "aria-label", "placeholder", "label"]);

export interface Literal {
  line: number;
  /** "text" for JSX text, else the attribute's name. */
  where: string;
  text: string;
}

const ENTITY = /&(#\d+|#x[\da-f]+|[a-z]+\d*);/gi;
/** Whether a literal has letters (in any script), once HTML entities (`&nbsp;`, `&copy;`) are taken out. */
export const hasLetters = (text: string) => /\p{L}/u.test(text.replace(ENTITY, ""));

/**
 * The literal pieces of an expression that reach the screen as they are: the branches of `a ? "x" : "y"`, the
 * fallbacks of `a ?? "x"` and `a || "x"`, `a && "x"`, the text of a template literal. A call (`t("key")`,
 * `format(…)`), a property of data or a variable is not a literal: what it answers comes from a key or from data.
 */
function literalPieces(node: ts.Expression, found: ts.Node[]) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node);
  else if (ts.isTemplateExpression(node)) {
    found.push(node.head);
    for (const span of node.templateSpans) {
      literalPieces(span.expression, found);
      found.push(span.literal);
    }
  } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) {
    literalPieces(node.expression, found);
  } else if (ts.isConditionalExpression(node)) {
    literalPieces(node.whenTrue, found);
    literalPieces(node.whenFalse, found);
  } else if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) literalPieces(node.right, found);
    else if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) {
      literalPieces(node.left, found);
      literalPieces(node.right, found);
    }
  }
}

const textOf = (node: ts.Node) => (ts.isJsxText(node) ? node.text : (node as ts.LiteralLikeNode).text).replace(/\s+/g, " ").trim();

/** The literal text with letters a .tsx source shows: JSX text, and literals in children and visible attributes. */
export function visibleLiterals(fileName: string, source: string): Literal[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: Literal[] = [];
  const report = (node: ts.Node, where: string) => {
    const text = textOf(node);
    if (hasLetters(text)) out.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, where, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, "text");
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const pieces: ts.Node[] = [];
      literalPieces(node.expression, pieces);
      for (const piece of pieces) report(piece, "text");
    } else if (ts.isJsxAttribute(node) && node.initializer && VISIBLE_ATTRIBUTES.has(node.name.getText(file))) {
      const name = node.name.getText(file);
      const pieces: ts.Node[] = [];
      if (ts.isStringLiteral(node.initializer)) pieces.push(node.initializer);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) literalPieces(node.initializer.expression, pieces);
      for (const piece of pieces) report(piece, name);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

export interface KeyUse {
  line: number;
  /** The key as written, with its namespace prefix if any ("auth:titles.login"). */
  key: string;
  /** The namespaces it may come from: its prefix, its `ns` option, else the file's useTranslation ones and common. */
  namespaces: string[] | null;
}

/**
 * The literal keys a source file translates (`t("…")`, `i18n.t("…")`): a key no locale file has renders as the key
 * itself, English-looking words no translation reaches. A key built at run time (`t(\`sections.${slug}.title\`)`)
 * is left out. `namespaces` is null where the file declares none (a helper handed a `t`): any namespace may hold it.
 */
export function translationKeys(fileName: string, source: string): KeyUse[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const declared = new Set<string>();
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      if (callee === "useTranslation" || callee.endsWith("getFixedT")) {
        for (const arg of node.arguments) {
          if (ts.isStringLiteral(arg)) declared.add(arg.text);
          if (ts.isArrayLiteralExpression(arg)) for (const el of arg.elements) if (ts.isStringLiteral(el)) declared.add(el.text);
        }
      }
      const [first] = node.arguments;
      if ((callee === "t" || callee.endsWith(".t")) && first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) calls.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls.map((call) => {
    const key = (call.arguments[0] as ts.StringLiteral).text;
    const options = call.arguments[1];
    let ns: string | undefined;
    if (options && ts.isObjectLiteralExpression(options)) {
      for (const p of options.properties) if (ts.isPropertyAssignment(p) && p.name.getText(file) === "ns" && ts.isStringLiteral(p.initializer)) ns = p.initializer.text;
    }
    const prefix = /^(\w+):/.exec(key)?.[1];
    const namespaces = prefix ? [prefix] : ns ? [ns] : declared.size ? [...declared, "common"] : null;
    return { line: file.getLineAndCharacterOfPosition(call.getStart(file)).line + 1, key, namespaces };
  });
}
