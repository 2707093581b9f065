// What a new password may not be (ASVS v5 6.2): shorter than PASSWORD_MIN_LENGTH (the form schema's rule), one of
// the most common passwords, the account's email (or its local part, or containing either), or easy to guess by
// zxcvbn's estimate (ADR 028): below MIN_PASSWORD_SCORE with the user's own words and the channel's as known words.
// No composition rules (6.2.5). Applies wherever a password is set: registration, reset, change. API only: the
// dictionaries weigh about 1 MB, and the browser never needs them (the API's verdict reaches the forms).
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
// Each list imported on its own, so the bundle holds only those used (the packages' index imports all of them).
import adjacencyGraphs from "@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.mjs";
import dicewareCommon from "@zxcvbn-ts/language-common/dist/diceware.json.mjs";
import passwordsCommon from "@zxcvbn-ts/language-common/dist/passwords.json.mjs";
import commonWordsEn from "@zxcvbn-ts/language-en/dist/commonWords.json.mjs";
import firstnamesEn from "@zxcvbn-ts/language-en/dist/firstnames.json.mjs";
import wordSequencesEn from "@zxcvbn-ts/language-en/dist/wordSequences.json.mjs";
import commonWordsFr from "@zxcvbn-ts/language-fr/dist/commonWords.json.mjs";
import firstnamesFr from "@zxcvbn-ts/language-fr/dist/firstnames.json.mjs";
import lastnamesFr from "@zxcvbn-ts/language-fr/dist/lastnames.json.mjs";
import wordSequencesFr from "@zxcvbn-ts/language-fr/dist/wordSequences.json.mjs";
import { AUTH_MESSAGES } from "../../contract/auth";
import { settingQuery } from "../../db/repos/content";
import type { Db } from "../../db/client";
import { ApiError } from "../../lib/errors";
import { COMMON_PASSWORDS } from "./common-passwords";

/** "email": it holds the whole address; "emailName": only the address's name part (before the @), told as such. */
export type PasswordProblem = "common" | "email" | "emailName" | "weak";

/**
 * zxcvbn's score: 3 is "safely unguessable" (about 10^8 to 10^10 guesses), what its authors advise as the floor. 2
 * would let `Sup3r-secret!` through (about 10^7).
 */
export const MIN_PASSWORD_SCORE = 3;

let common10k: Set<string> | null = null;
const commonPasswords = () => (common10k ??= new Set(COMMON_PASSWORDS.split(/\s+/).filter(Boolean)));

/**
 * The dictionaries: common passwords and diceware words, English and French common words, first names and word
 * sequences (months, numbers…), French last names. Left out for size and start-up time: English last names (470 KB)
 * and both Wikipedia lists (620 KB). Building the rest takes about 150 ms, once per isolate, at the first password
 * set there. Feedback is not used (the API words its own message), so no translations are loaded.
 */
let estimator: ZxcvbnFactory | null = null;
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: {
      "diceware-common": dicewareCommon,
      "passwords-common": passwordsCommon,
      "commonWords-en": commonWordsEn,
      "firstnames-en": firstnamesEn,
      ...wordSequencesEn,
      "commonWords-fr": commonWordsFr,
      "firstnames-fr": firstnamesFr,
      "lastnames-fr": lastnamesFr,
      ...wordSequencesFr,
    },
    graphs: adjacencyGraphs,
  }));

/** A local part shorter than this is only refused as the whole password (contains "jo" says nothing). */
const MIN_LOCAL_PART_CHECKED = 4;

/** Phrases of more words than this are taken word by word only (a title, not a sentence, is expected). */
const MAX_PHRASE_WORDS = 6;

/**
 * The words a password must not lean on: each phrase whole, then every run of its consecutive words joined
 * ("alphasportslive", "alphasports", "sportslive"), longest first, down to single words of 3 letters or more.
 */
export function knownWords(phrases: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const phrase of phrases) {
    const lower = phrase?.trim().toLowerCase();
    if (!lower) continue;
    words.add(lower);
    const parts = lower.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const longest = parts.length <= MAX_PHRASE_WORDS ? parts.length : 1;
    for (let size = longest; size >= 1; size--) {
      for (let i = 0; i + size <= parts.length; i++) {
        const run = parts.slice(i, i + size).join("");
        if (size > 1 || run.length >= 3) words.add(run);
      }
    }
  }
  return [...words];
}

/** What a password may not lean on: the account's emails (and their local parts), names, and the channel's words. */
export interface PasswordContext {
  emails: readonly (string | null | undefined)[];
  /** The user's first and last name, the channel's name, alias and title. */
  words?: readonly (string | null | undefined)[];
}

/** Why `password` may not be chosen in `context` (emails compared case-insensitively), or null when it may. */
export function passwordProblem(password: string, context: PasswordContext): PasswordProblem | null {
  const lower = password.toLowerCase();
  const locals: string[] = [];
  for (const email of context.emails) {
    if (!email) continue;
    const address = email.toLowerCase();
    const local = address.split("@", 1)[0] ?? "";
    if (lower.includes(address)) return "email";
    if (lower === local || (local.length >= MIN_LOCAL_PART_CHECKED && lower.includes(local))) return "emailName";
    locals.push(local);
  }
  if (commonPasswords().has(lower)) return "common";
  const userInputs = knownWords([...locals, ...(context.words ?? [])]);
  return zxcvbn().check(password, userInputs).score < MIN_PASSWORD_SCORE ? "weak" : null;
}

const MESSAGES: Record<PasswordProblem, string> = {
  common: AUTH_MESSAGES.passwordTooCommon,
  email: AUTH_MESSAGES.passwordHasEmail,
  emailName: AUTH_MESSAGES.passwordHasEmailName,
  weak: AUTH_MESSAGES.passwordTooWeak,
};

/** Throws the 422 with the field error on `password` when the password may not be chosen. */
export function requireAcceptablePassword(password: string, context: PasswordContext): void {
  const problem = passwordProblem(password, context);
  if (problem) throw new ApiError(422, MESSAGES[problem], { password: [MESSAGES[problem]] });
}

/** The channel's words a password must not lean on: its name, its alias and the title its site shows (the brand). */
export async function channelWords(db: Db, channel: { id: number; name: string; alias: string }): Promise<string[]> {
  const title: unknown = (await settingQuery(db, channel.id, "title").get())?.value;
  // A title is text, or text per language.
  const titles = typeof title === "string" ? [title] : title && typeof title === "object" ? Object.values(title).filter((t) => typeof t === "string") : [];
  return [channel.name, channel.alias, ...titles];
}
