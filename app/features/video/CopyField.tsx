// A read-only value with a Copy button (a stream key, an RTMP URL). Without JavaScript the field still selects for
// a manual copy; with it, the button copies and says so in a polite live region.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

export function CopyField({ label, value, name, secret = false }: { label: string; value: string; name: string; secret?: boolean }) {
  const { t } = useTranslation("video");
  const id = useId();
  const [copied, setCopied] = useState(false);
  const [shown, setShown] = useState(!secret);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field__row">
        <input id={id} name={name} type={shown ? "text" : "password"} readOnly value={value} spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} />
        {secret ? (
          <button type="button" className="button video-button" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
            {t("copy.show")}
          </button>
        ) : null}
        <button type="button" className="button video-button" onClick={copy} aria-describedby={`${id}-status`}>
          {t("copy.copy")}
        </button>
      </div>
      <span id={`${id}-status`} className="copy-field__status" role="status">
        {copied ? t("copy.copied", { what: label }) : ""}
      </span>
    </div>
  );
}
