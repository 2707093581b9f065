// A Markdown field's preview (issue 16: pages with preview): the text is rendered by the server, by the same code
// that renders the page on the site, so what the owner sees is what visitors will see. Needs JavaScript; without it
// the field is a plain textarea.
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import { RichText } from "~/ui/RichText";

export function MarkdownPreview({ source }: { source: string }) {
  const { t } = useTranslation("console");
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ html: string }>();
  const [open, setOpen] = useState(false);
  if (!hydrated) return null;
  const refresh = () => {
    const text = (document.getElementById(source) as HTMLTextAreaElement | null)?.value ?? "";
    fetcher.submit({ markdown: text }, { method: "post", action: "/console/preview" });
  };
  return (
    <div className="console-preview">
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={`${source}-preview`}
        onClick={() => {
          setOpen(!open);
          if (!open) refresh();
        }}
      >
        {open ? t("form.hidePreview") : t("form.showPreview")}
      </button>
      {open ? (
        <div id={`${source}-preview`} className="console-preview__body" aria-live="polite" aria-busy={fetcher.state !== "idle"}>
          <button type="button" className="button button--ghost" onClick={refresh}>
            {t("form.refreshPreview")}
          </button>
          <RichText html={fetcher.data?.html ?? ""} className="console-preview__html" />
        </div>
      ) : null}
    </div>
  );
}
