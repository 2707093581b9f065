// The Google tag's loader, the only part in the first bundle: it imports the tag (google-tag.ts) once the visitor
// accepted cookies — at page load, or the moment they press Accept — and asks it for a page_view per navigation.
// Declined, unanswered or without a tag id: nothing of Google loads and no `dataLayer` is made.
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { onCommerceEvent, type CommerceEvent } from "~/features/commerce/events";
import type { Consent } from "~/lib/consent";
import { mayLoadGoogleTag } from "./google-tag-rules";
import type { RunningTag } from "./google-tag";

/**
 * The commerce events of the page shown, until the tag takes over: a page emits in its own effect, which runs before
 * the root's, and the tag arrives later still. They stay in memory, and are sent only if the visitor accepts here.
 */
const MAX_WAITING = 20;
let waiting: { href: string; event: CommerceEvent }[] = [];
let handedOver = false;
if (typeof document !== "undefined") {
  onCommerceEvent((event) => {
    if (handedOver) return;
    waiting = [...waiting.filter((w) => w.href === window.location.href), { href: window.location.href, event }].slice(-MAX_WAITING);
  });
}

function takeWaiting(): CommerceEvent[] {
  handedOver = true;
  const mine = waiting.filter((w) => w.href === window.location.href).map((w) => w.event);
  waiting = [];
  return mine;
}

export function GoogleTag({ id, consent }: { id: string | null; consent: Consent | null }) {
  const location = useLocation();
  const [tag, setTag] = useState<RunningTag | null>(null);
  const enabled = mayLoadGoogleTag(id, consent);

  useEffect(() => {
    if (!enabled || !id) return;
    let current = true;
    import("./google-tag").then(
      ({ startGoogleTag }) => {
        if (current) setTag(startGoogleTag(id, takeWaiting()));
      },
      // Analytics never breaks the page: a failed chunk only means no tag on this page.
      (error: unknown) => console.warn("Google tag not loaded:", error instanceof Error ? error.message : error),
    );
    return () => {
      current = false;
    };
  }, [enabled, id]);

  useEffect(() => {
    tag?.pageView();
  }, [tag, location.key]);

  return null;
}
