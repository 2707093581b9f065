// When the channel's Google tag (the `google-analytics` setting, SPEC §1 "optionally a web analytics tag") may load.
// Pure: the root loader, the document's CSP and the browser share these answers.
import type { Consent } from "~/lib/consent";

/** A Google tag id: GA4 (G-), Google tag (GT-), Ads (AW-) or Floodlight (DC-). It goes into a script URL. */
const TAG_ID = /^(G|GT|AW|DC)-[A-Z0-9]{4,20}$/;

/** The channel's tag id when it is well formed; anything else is treated as no tag. */
export function googleTagId(setting: string | null | undefined): string | null {
  const id = setting?.trim().toUpperCase() ?? "";
  return TAG_ID.test(id) ? id : null;
}

/** The tag loads only once the visitor accepted cookies, and never in the embed player (a partner's page). */
export const mayLoadGoogleTag = (tagId: string | null, consent: Consent | null, plainLayout = false): boolean =>
  tagId !== null && consent === "accepted" && !plainLayout;

/**
 * Whether the document's CSP lets Google's hosts in. Also while the notice is unanswered: an Accept takes effect
 * without a reload, and the policy of a loaded page cannot be widened, so the tag's hits would be refused until the
 * next full page load. Nothing loads before the Accept (mayLoadGoogleTag); a refusal keeps the hosts out.
 */
export const googleTagHostsAllowed = (tagId: string | null, consent: Consent | null, plainLayout = false): boolean =>
  tagId !== null && consent !== "declined" && !plainLayout;
