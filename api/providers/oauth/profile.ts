// One shape for what Google (OIDC userinfo) and Facebook (Graph /me) say about the person signing in.
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "../../contract/auth";
import { EMAIL_PATTERN } from "../../contract/validation";

export interface SocialProfile {
  /** The provider's stable id for the person: OIDC `sub`, Graph `id`. */
  subject: string;
  email: string | null;
  /** Whether the provider vouches for the email. Graph only returns confirmed emails, so absent means yes. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim().slice(0, NAME_MAX_LENGTH) : "");

/** Normalises a userinfo answer; null when it names nobody. */
export function normaliseProfile(raw: unknown): SocialProfile | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const id = r.sub ?? r.id;
  const subject = typeof id === "number" ? String(id) : typeof id === "string" ? id.trim() : "";
  if (!subject || subject.length > 255) return null;

  const rawEmail = typeof r.email === "string" ? r.email.trim().toLowerCase() : "";
  const email = rawEmail && rawEmail.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(rawEmail) ? rawEmail : null;
  const emailVerified = r.email_verified === undefined ? true : r.email_verified === true || r.email_verified === "true";

  let firstName = text(r.given_name ?? r.first_name);
  let lastName = text(r.family_name ?? r.last_name);
  // Some accounts only have a display name.
  if (!firstName && !lastName && typeof r.name === "string") {
    const [first = "", ...rest] = r.name.trim().split(/\s+/);
    firstName = text(first);
    lastName = text(rest.join(" "));
  }
  return { subject, email, emailVerified: email !== null && emailVerified, firstName, lastName };
}
