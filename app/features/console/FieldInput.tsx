// One field of a console form (fields.ts): its label, input(s), hint and the API's errors, wired for assistive
// technology (aria-invalid, aria-describedby). Works without JavaScript.
import { useTranslation } from "react-i18next";
import { LANGS, errorsFor, fieldDefault, idOf, type Field } from "./fields";
import { MarkdownPreview } from "./MarkdownPreview";
import { RowsInput } from "./RowsInput";

export function FieldInput({ field, item, errors, defaultLang }: { field: Field; item: unknown; errors?: Record<string, string[]>; defaultLang: string }) {
  const { t } = useTranslation("console");
  if (field.kind === "rows") return <RowsInput field={field} item={item} errors={errors} defaultLang={defaultLang} />;
  const id = idOf(field.name);
  const own = errorsFor(errors, field.name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [own.length ? errorId : null, field.hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const common = { "aria-invalid": own.length ? true : undefined, "aria-describedby": describedBy };
  const value = fieldDefault(field, item, defaultLang);
  const label = (
    <>
      {t(`fields.${field.label}`)}
      {field.required ? null : <span className="field__required"> ({t("form.optional")})</span>}
    </>
  );
  const foot = <FieldNotes hint={field.hint} hintId={hintId} errors={own} errorId={errorId} />;

  if (field.kind === "localized") {
    const parts = value as Record<string, string>;
    return (
      <fieldset className="field console-field console-field--localized" aria-describedby={describedBy}>
        <legend>{label}</legend>
        <div className="console-field__langs">
          {LANGS.map((lang) => {
            const inputId = `${id}-${lang}`;
            const props = { id: inputId, name: `${field.name}.${lang}`, defaultValue: parts[lang] ?? "", lang, ...common };
            return (
              <div key={lang} className="console-field__lang">
                <label htmlFor={inputId}>{t(`form.lang.${lang}`)}</label>
                {field.multiline || field.markdown ? <textarea rows={field.markdown ? 10 : 3} {...props} /> : <input type="text" {...props} />}
                {field.markdown ? <MarkdownPreview source={inputId} /> : null}
              </div>
            );
          })}
        </div>
        {foot}
      </fieldset>
    );
  }

  if (field.kind === "checkbox") {
    return (
      <div className="field console-field console-field--checkbox">
        <input type="checkbox" id={id} name={field.name} defaultChecked={value as boolean} {...common} />
        <label htmlFor={id}>{t(`fields.${field.label}`)}</label>
        {foot}
      </div>
    );
  }

  if (field.kind === "multiselect") {
    const chosen = new Set(value as string[]);
    return (
      <fieldset className="field console-field console-field--choices" aria-describedby={describedBy}>
        <legend>{label}</legend>
        {field.options.length ? (
          <ul className="console-choices">
            {field.options.map((o) => (
              <li key={o.value}>
                <input type="checkbox" id={`${id}-${o.value}`} name={field.name} value={o.value} defaultChecked={chosen.has(o.value)} />
                <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field__hint">{t("form.noChoices")}</p>
        )}
        {foot}
      </fieldset>
    );
  }

  return (
    <div className="field console-field">
      <label htmlFor={id}>{label}</label>
      {field.kind === "select" || field.kind === "image" ? (
        <select id={id} name={field.name} defaultValue={value as string} required={field.required} {...common}>
          {field.kind === "image" || field.empty || !field.required ? <option value="">{t("form.none")}</option> : null}
          {(field.kind === "image" ? field.images : field.options).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.kind === "json" || field.kind === "lines" ? (
        <textarea id={id} name={field.name} rows={field.kind === "json" ? 8 : 4} defaultValue={value as string} className="console-field__code" spellCheck={false} {...common} />
      ) : (
        <input
          id={id}
          name={field.name}
          type={field.kind === "number" ? "number" : field.kind === "datetime" ? "datetime-local" : field.kind === "color" ? "text" : "text"}
          inputMode={field.kind === "text" ? field.inputMode : undefined}
          pattern={field.kind === "color" ? "#[0-9a-fA-F]{6}" : field.kind === "text" ? field.pattern : undefined}
          min={field.kind === "number" ? field.min : undefined}
          max={field.kind === "number" ? field.max : undefined}
          step={field.kind === "number" ? (field.step ?? 1) : undefined}
          required={field.required}
          defaultValue={value as string}
          {...common}
        />
      )}
      {field.kind === "image" ? (
        <>
          <label htmlFor={`${id}-upload`} className="console-field__sublabel">
            {t("form.uploadImage")}
          </label>
          <input id={`${id}-upload`} type="file" name={`${field.name}.__upload`} accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml" />
        </>
      ) : null}
      {field.kind === "datetime" ? <p className="field__hint">{t("form.timeZone", { zone: field.timeZone })}</p> : null}
      {foot}
    </div>
  );
}

/** A field's hint and its errors, with the ids its input names in aria-describedby. */
export function FieldNotes({ hint, hintId, errors, errorId }: { hint?: string; hintId: string; errors: string[]; errorId: string }) {
  const { t } = useTranslation("console");
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {t(`hints.${hint}`)}
        </p>
      ) : null}
      {errors.length ? (
        <p id={errorId} className="field__error" role="alert">
          {errors.join(" · ")}
        </p>
      ) : null}
    </>
  );
}
