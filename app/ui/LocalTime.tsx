import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatEventTime } from "~/lib/format";

/**
 * An instant in the page's language: rendered on the server in `zone`, then re-formatted in the viewer's own zone
 * once hydrated (in an effect, so hydration sees the server text).
 */
export function LocalTime({ iso, zone, title, className }: { iso: string; zone: string; title?: string; className?: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language || "en";
  const [text, setText] = useState(() => formatEventTime(iso, lang, zone));
  useEffect(() => setText(formatEventTime(iso, lang)), [iso, lang]);
  return (
    <time dateTime={iso} title={title} className={className}>
      {text}
    </time>
  );
}
