// The colour editor (issue 16): one field per colour, a live preview drawn with the colours being edited, and the
// contrast of every text pair the site draws, computed by the same rule the API applies when saving
// (api/contract/colors.ts). Without JavaScript it is a plain form and the API's answer says what is unreadable.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { COLOR_KEYS, contrastChecks, DEFAULT_COLORS, parseHexColor, type ColorKey } from "@api/contract/colors";
import { errorsFor } from "./fields";

const valid = (v: string | undefined) => (v && parseHexColor(v) && /^#[0-9a-fA-F]{6}$/.test(v) ? v : undefined);

export function ThemeEditor({ stored, errors }: { stored: Partial<Record<ColorKey, string>>; errors?: Record<string, string[]> }) {
  const { t, i18n } = useTranslation("console");
  const [colors, setColors] = useState<Partial<Record<ColorKey, string>>>(stored);
  const effective = (key: ColorKey) => valid(colors[key]) ?? DEFAULT_COLORS[key];
  const checks = useMemo(() => contrastChecks(Object.fromEntries(COLOR_KEYS.map((k) => [k, valid(colors[k])]).filter(([, v]) => v))), [colors]);
  const ratio = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(n);
  const style = Object.fromEntries(COLOR_KEYS.map((k) => [`--p-${k}`, effective(k)])) as React.CSSProperties;
  const set = (key: ColorKey, value: string) => setColors((c) => ({ ...c, [key]: value }));

  return (
    <div className="theme-editor">
      <fieldset className="theme-editor__colors">
        <legend>{t("theme.colorsTitle")}</legend>
        {COLOR_KEYS.map((key) => {
          const id = `color-${key}`;
          const own = errorsFor(errors, `web.${key}`);
          return (
            <div key={key} className="theme-color">
              <label htmlFor={id}>{t(`colors.${key}`)}</label>
              <div className="theme-color__inputs">
                {/* A mouse shortcut to the text field beside it, which is the field for everyone (keyboard, screen reader). */}
                <input
                  type="color"
                  aria-hidden="true"
                  tabIndex={-1}
                  value={effective(key)}
                  onChange={(e) => set(key, e.target.value)}
                />
                <input
                  id={id}
                  name={`web.${key}`}
                  type="text"
                  inputMode="text"
                  pattern="#[0-9a-fA-F]{6}"
                  placeholder={DEFAULT_COLORS[key]}
                  value={colors[key] ?? ""}
                  onChange={(e) => set(key, e.target.value.trim())}
                  aria-invalid={own.length ? true : undefined}
                  aria-describedby={own.length ? `${id}-error` : undefined}
                />
              </div>
              {own.length ? (
                <p id={`${id}-error`} className="field__error" role="alert">
                  {own.join(" · ")}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>

      <div className="theme-editor__side">
        <h2 id="preview-title">{t("theme.preview")}</h2>
        <div className="theme-preview" style={style} aria-labelledby="preview-title" role="img" aria-roledescription={t("theme.preview")}>
          <div className="theme-preview__header">{t("theme.previewHeader")}</div>
          <div className="theme-preview__body">
            <p>{t("theme.previewText")}</p>
            <p className="theme-preview__muted">{t("theme.previewMuted")}</p>
            <div className="theme-preview__surface">
              <span className="theme-preview__button">{t("theme.previewButton")}</span>
              <span className="theme-preview__secondary">{t("theme.previewSecondary")}</span>
              <span className="theme-preview__live">{t("theme.previewLive")}</span>
            </div>
          </div>
          <div className="theme-preview__footer">{t("theme.previewFooter")}</div>
        </div>

        <h2 id="contrast-title">{t("theme.contrast")}</h2>
        <table className="console-table theme-contrast" aria-labelledby="contrast-title">
          <tbody>
            {checks.map((c) => (
              <tr key={`${c.foreground}/${c.background}`} data-ok={c.ok}>
                <th scope="row">{t("theme.pair", { foreground: t(`colors.${c.foreground}`), background: t(`colors.${c.background}`) })}</th>
                <td>{ratio(c.ratio)}:1</td>
                <td>
                  <span className={`badge ${c.ok ? "badge--ok" : "badge--low"}`}>{c.ok ? t("theme.ok") : t("theme.low")}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
