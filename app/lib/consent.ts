// The visitor's answer to the cookie notice (SPEC §1), kept in the `cookie_consent` cookie. Isomorphic: the root
// loader reads it, the page passes it down, and the Google tag loads only on "accepted".

export const CONSENT_CHOICES = ["accepted", "declined"] as const;
export type Consent = (typeof CONSENT_CHOICES)[number];

/** The cookie's value as a choice: null when unanswered or not ours. "1" is what the notice stored before Decline existed. */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (value === "1") return "accepted";
  return (CONSENT_CHOICES as readonly string[]).includes(value ?? "") ? (value as Consent) : null;
}

/** The choice a notice form posted: Decline says so; anything else (a bare post, the Accept button) accepts. */
export const postedConsent = (value: FormDataEntryValue | null): Consent => (value === "declined" ? "declined" : "accepted");

/** What the footer's "Cookie settings" posts without JavaScript: forget the answer, so the notice asks again. */
export const CONSENT_ASK_AGAIN = "ask";
