// What a new password may not be (ASVS v5 6.2): shorter than PASSWORD_MIN_LENGTH (the form schema's rule), one of
// the most common passwords, or the account's email (or its local part, or containing either). No composition
// rules (6.2.5). Applies wherever a password is set: registration, reset, change.
import { AUTH_MESSAGES } from "../../contract/auth";
import { ApiError } from "../../lib/errors";
import { COMMON_PASSWORDS } from "./common-passwords";

export type PasswordProblem = "common" | "email";

let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set(COMMON_PASSWORDS.split(/\s+/).filter(Boolean)));

/** A local part shorter than this is only refused as the whole password (contains "jo" says nothing). */
const MIN_LOCAL_PART_CHECKED = 4;

/** Why `password` may not be chosen by the owner of `emails` (case-insensitive), or null when it may. */
export function passwordProblem(password: string, emails: readonly (string | null | undefined)[]): PasswordProblem | null {
  const lower = password.toLowerCase();
  for (const email of emails) {
    if (!email) continue;
    const address = email.toLowerCase();
    const local = address.split("@", 1)[0] ?? "";
    if (lower.includes(address) || lower === local || (local.length >= MIN_LOCAL_PART_CHECKED && lower.includes(local))) return "email";
  }
  if (commonPasswords().has(lower)) return "common";
  return null;
}

const MESSAGES: Record<PasswordProblem, string> = { common: AUTH_MESSAGES.passwordTooCommon, email: AUTH_MESSAGES.passwordHasEmail };

/** Throws the 422 with the field error on `password` when the password may not be chosen. */
export function requireAcceptablePassword(password: string, emails: readonly (string | null | undefined)[]): void {
  const problem = passwordProblem(password, emails);
  if (problem) throw new ApiError(422, MESSAGES[problem], { password: [MESSAGES[problem]] });
}
