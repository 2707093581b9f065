import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatEventTime } from "~/lib/format";
import { whenSettled } from "~/lib/idle";

interface Reading {
  text: string;
  title?: string;
}

/**
 * What the server wrote in this element, while the page hydrates: the first client render shows exactly that, without
 * asking Intl. A browser's first date format loads the time-zone data (40–60 ms of one core on a phone-class CPU),
 * and a watch page would spend it while its player waits to start (issue 26, first frame). `null` on a page the
 * client renders itself (after a navigation), where no such element exists yet.
 */
function serverReading(id: string): Reading | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(id);
  if (!element || element.tagName !== "TIME") return null;
  return { text: element.textContent ?? "", title: element.getAttribute("title") ?? undefined };
}

/**
 * An instant in the page's language: rendered on the server in `zone`; in the browser, in the viewer's own zone. A
 * hydrating page keeps the server's text and switches once it has settled (`whenSettled`), so hydration neither
 * mismatches nor spends the first format's cost; a page the client renders shows the viewer's zone at once. `title`,
 * when given, is the element's title made from the time in `zone` (the venue's time for an event).
 */
export function LocalTime({ iso, zone, title, className }: { iso: string; zone: string; title?: (inZone: string) => string; className?: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language || "en";
  const id = useId();
  const fromServer = useRef(false);
  const [reading, setReading] = useState<Reading>(() => {
    if (typeof document === "undefined") return inZone(iso, lang, zone, title);
    const server = serverReading(id);
    fromServer.current = server !== null;
    return server ?? local(iso, lang, zone, title);
  });
  const mounted = useRef(false);
  useEffect(
    () => {
      const first = !mounted.current;
      mounted.current = true;
      const update = () => setReading(local(iso, lang, zone, title));
      if (!first) return update();
      if (fromServer.current) return whenSettled(update);
    },
    // `title` is a new closure on each render, which must not reformat: it follows `iso`, `zone` and the language.
    [iso, lang, zone],
  );
  return (
    <time id={id} dateTime={iso} title={reading.title} className={className}>
      {reading.text}
    </time>
  );
}

function inZone(iso: string, lang: string, zone: string, title?: (inZone: string) => string): Reading {
  const text = formatEventTime(iso, lang, zone);
  return { text, title: title?.(text) };
}

/** In the viewer's zone, the title still in `zone`. */
function local(iso: string, lang: string, zone: string, title?: (inZone: string) => string): Reading {
  return { text: formatEventTime(iso, lang), title: title ? title(formatEventTime(iso, lang, zone)) : undefined };
}
