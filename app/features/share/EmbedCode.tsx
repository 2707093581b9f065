// "Embed" (issue 28): the code of a 16:9 responsive <iframe> of /watch_embed/{id} for a partner's page, shown in a
// disclosure under the actions, with a button to copy it.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShareButton } from "./ShareButton";

const attr = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The snippet: a box that keeps 16:9 at any width, the frame filling it. */
export function embedSnippet(src: string, title: string): string {
  return (
    `<div style="position:relative;width:100%;aspect-ratio:16/9">` +
    `<iframe src="${attr(src)}" title="${attr(title)}" style="position:absolute;inset:0;width:100%;height:100%;border:0" ` +
    `allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe></div>`
  );
}

export function EmbedCode({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation("share");
  const panelId = useId();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const code = embedSnippet(src, title);
  return (
    <>
      <button type="button" className="button button--ghost embed-code__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="m8 7-5 5 5 5M16 7l5 5-5 5" />
        </svg>
        {t("embed.button")}
      </button>
      {open ? (
        <div id={panelId} className="embed-code" data-testid="embed-code">
          <label htmlFor={fieldId}>{t("embed.label")}</label>
          <textarea id={fieldId} readOnly rows={3} value={code} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
          <div className="embed-code__actions">
            <ShareButton url={code} title={title} linkLabel={t("embed.label")} copyOnly={t("embed.copy")} copiedText={t("embed.copied")} />
          </div>
        </div>
      ) : null}
    </>
  );
}
