// Search (issue 28): what a query's text asks the index for. The index (migrations/0025_search_index.sql) folds case
// and accents and splits words at anything that is not a letter or a digit; the query is read the same way here, and
// every word must match, in any order, as the start of a word ("riv" finds Riverside). When that finds nothing, a
// longer word may carry one typo: it also matches the index's words one edit away (a letter added, dropped, changed,
// or two swapped), found among the words that share its first letter.

/** Words read from a query (more are ignored: the query box takes 100 characters). */
export const SEARCH_MAX_WORDS = 8;
/** A word this long or longer may carry one typo. */
export const TYPO_MIN_LENGTH = 5;
/** The index's words one edit away that a misspelt word also matches, closest first. */
export const TYPO_MAX_ALTERNATIVES = 8;

/**
 * Words that join a matchup or a name rather than name anything: a query keeps them only when it has nothing else.
 * "riverside vs northview" finds the game although no name says "vs".
 */
const JOINING_WORDS = new Set(["vs", "v", "versus", "at", "contre", "and", "et", "the", "le", "la", "les", "de", "du", "des", "of", "a"]);

/** Ligatures the tokenizer keeps whole; the index's view spells them out the same way. */
const LIGATURES: [RegExp, string][] = [
  [/œ/g, "oe"],
  [/æ/g, "ae"],
  [/ß/g, "ss"],
];

/** Lower case, accents off, ligatures spelt out: a word as the index holds it. */
export function foldWord(text: string): string {
  let out = text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  for (const [from, to] of LIGATURES) out = out.replace(from, to);
  return out;
}

/** The query's words, folded, in order, without repeats; joining words and single letters go when others remain. */
export function searchWords(q: string): string[] {
  const all = [...new Set(foldWord(q).split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
  const named = all.filter((w) => !JOINING_WORDS.has(w));
  const words = named.length ? named : all;
  const long = words.filter((w) => w.length > 1);
  return (long.length ? long : words).slice(0, SEARCH_MAX_WORDS);
}

/** The scope term of a channel's documents. */
export const channelScope = (channelId: number) => `c${channelId}`;

/**
 * The FTS5 query: the channel's documents whose text has every word as a word's start. `alternatives` gives, per word,
 * the index's words it may also be (a typo's corrections), each matched whole. Words are quoted: only letters and
 * digits reach them, so nothing in a query is read as FTS5 syntax.
 */
export function matchExpression(channelId: number, words: string[], alternatives: ReadonlyMap<string, string[]> = new Map()): string {
  const terms = words.map((w) => {
    const others = alternatives.get(w) ?? [];
    const own = `"${w}"*`;
    return others.length ? `body : (${[own, ...others.map((o) => `"${o}"`)].join(" OR ")})` : `body : ${own}`;
  });
  return [`scope : "${channelScope(channelId)}"`, ...terms].join(" AND ");
}

/** Whether two words are at most one edit apart (an insertion, a deletion, a substitution or two letters swapped). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // One substitution, or a swap of two neighbours.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.slice(i) === long.slice(i + 1);
}

/** The index's words a misspelt word may be: one edit away, closest length first, at most TYPO_MAX_ALTERNATIVES. */
export function typoAlternatives(word: string, terms: readonly string[]): string[] {
  if (word.length < TYPO_MIN_LENGTH) return [];
  const found = new Set<string>();
  for (const term of terms) {
    if (term === word) continue;
    if (withinOneEdit(word, term)) found.add(term);
  }
  return [...found].sort((x, y) => Math.abs(x.length - word.length) - Math.abs(y.length - word.length) || x.localeCompare(y)).slice(0, TYPO_MAX_ALTERNATIVES);
}

/** Where the index's words that may correct `word` lie: those sharing its first letter, within one letter of its length. */
export function typoRange(word: string): { from: string; to: string; minLength: number; maxLength: number } {
  const first = word[0]!;
  return { from: first, to: String.fromCodePoint(first.codePointAt(0)! + 1), minLength: word.length - 1, maxLength: word.length + 1 };
}
