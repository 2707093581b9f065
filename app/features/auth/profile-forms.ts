// The two forms of the profile edit page, each one schema for the browser and the server. Both become a
// POST /profile patch; names and email are required here because the form always sends them.
import { authFields, type AuthFormMessages } from "@api/contract/auth";
import { z } from "zod";

export const PROFILE_INTENTS = ["details", "password", "delete"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** The current password is only needed for a new email; the API says when it is missing (issue 25). */
export function profileDetailsSchema(m: AuthFormMessages) {
  const f = authFields(m);
  return z.object({ first_name: f.name, last_name: f.name, email: f.email, phone: f.phone, current_password: f.currentPassword.optional() });
}

/** An account that only signs in with Google or Facebook sets a first password without a current one. */
export function passwordChangeSchema(m: AuthFormMessages, hasPassword = true) {
  const f = authFields(m);
  return z
    .object({
      current_password: hasPassword ? f.currentPassword : z.string().optional(),
      password: f.newPassword,
      password_confirmation: z.string({ error: m.required }).min(1, m.required),
      // A checkbox: checked by default on the page, absent from the form when unticked (ASVS 7.4.3).
      end_other_sessions: z.preprocess((v) => v === "on", z.boolean()),
    })
    .refine((v) => v.password === v.password_confirmation, { message: m.passwordMismatch, path: ["password_confirmation"] });
}

export function profileIntent(value: FormDataEntryValue | null): ProfileIntent {
  return (PROFILE_INTENTS as readonly string[]).includes(String(value)) ? (value as ProfileIntent) : "details";
}
