// A list of small items edited one row each (fields.ts "rows": a form's fields, a menu entry's children). Rows are
// added, removed and moved by submit buttons whose intent the action applies before the page renders again with
// the unsaved rows, so it works without JavaScript and by keyboard; each row is a named group for screen readers.
import { useTranslation } from "react-i18next";
import { getPath, idOf, localizedText, ROW_COUNT, ROW_KEEP, rowKeep, type Field, type Json } from "./fields";
import { FieldInput, FieldNotes } from "./FieldInput";

type RowsField = Extract<Field, { kind: "rows" }>;

export function RowsInput({ field, item, errors, defaultLang }: { field: RowsField; item: unknown; errors?: Record<string, string[]>; defaultLang: string }) {
  const { t } = useTranslation("console");
  const rows = ((getPath(item, field.name) as Json[] | undefined) ?? []).filter((r) => r && typeof r === "object");
  const id = idOf(field.name);
  const own = errors?.[field.name] ?? [];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.hint ? hintId : null, own.length ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="field console-field console-rows" aria-describedby={describedBy}>
      <legend>
        {t(`fields.${field.label}`)}
        {field.required ? null : <span className="field__required"> ({t("form.optional")})</span>}
      </legend>
      <FieldNotes hint={field.hint} hintId={hintId} errors={own} errorId={errorId} />
      <input type="hidden" name={`${field.name}.${ROW_COUNT}`} value={rows.length} />
      {rows.length ? (
        <ol className="console-rows__list">
          {rows.map((row, i) => (
            <Row key={i} field={field} row={row} index={i} count={rows.length} item={item} errors={errors} defaultLang={defaultLang} />
          ))}
        </ol>
      ) : (
        <p className="field__hint">{t(`rows.${field.row}.none`)}</p>
      )}
      <button type="submit" name="intent" value={`row:add:${field.name}`} id={idOf(`${field.name}.__add`)} className="button button--ghost console-rows__add" formNoValidate>
        {t(`rows.${field.row}.add`)}
      </button>
    </fieldset>
  );
}

function Row({ field, row, index, count, item, errors, defaultLang }: { field: RowsField; row: Json; index: number; count: number; item: unknown; errors?: Record<string, string[]>; defaultLang: string }) {
  const { t } = useTranslation("console");
  const path = `${field.name}.${index}`;
  const legendId = idOf(`${path}.__legend`);
  const named = localizedText(row.label ?? row.name, defaultLang) || (typeof row.name === "string" ? row.name : "");
  const rowName = t(`rows.${field.row}.one`, { n: index + 1 });
  // Problems with the row that none of its fields shows (a duplicate name, a value it keeps).
  const loose = Object.entries(errors ?? {})
    .filter(([p]) => (p === path || p.startsWith(`${path}.`)) && !field.fields.some((f) => p === `${path}.${f.name}` || p.startsWith(`${path}.${f.name}.`)))
    .flatMap(([p, messages]) => (p === path ? messages : messages.map((m) => `${p.slice(path.length + 1)}: ${m}`)));
  const button = (op: "up" | "down" | "remove", disabled = false) => (
    <button
      type="submit"
      name="intent"
      value={`row:${op}:${path}`}
      id={idOf(`${path}.__${op}`)}
      className={`button button--ghost${op === "remove" ? " console-rows__remove" : ""}`}
      aria-label={t(`rows.${op}`, { row: rowName })}
      disabled={disabled}
      formNoValidate
    >
      {t(`rows.${op}Short`)}
    </button>
  );
  return (
    <li className="console-rows__row">
      <fieldset aria-labelledby={legendId} className="console-rows__fieldset">
        <legend id={legendId} className="console-rows__legend">
          {rowName}
          {named ? <span className="console-rows__named"> — {named}</span> : null}
        </legend>
        <input type="hidden" name={`${path}.${ROW_KEEP}`} value={rowKeep(field, row)} />
        {loose.length ? (
          <p className="field__error" role="alert">
            {loose.join(" · ")}
          </p>
        ) : null}
        <div className="console-rows__fields">
          {field.fields
            .filter((sub) => sub.kind !== "rows" || !sub.when || row[sub.when.field] === sub.when.is || Array.isArray(row[sub.name]))
            .map((sub) => {
              const named = { ...sub, name: `${path}.${sub.name}` } as Field;
              return sub.kind === "rows" || sub.kind === "localized" ? (
                <div key={sub.name} className="console-rows__wide">
                  {sub.kind === "rows" ? (
                    <RowsInput field={named as RowsField} item={item} errors={errors} defaultLang={defaultLang} />
                  ) : (
                    <FieldInput field={named} item={item} errors={errors} defaultLang={defaultLang} />
                  )}
                </div>
              ) : (
                <FieldInput key={sub.name} field={named} item={item} errors={errors} defaultLang={defaultLang} />
              );
            })}
        </div>
        <div className="console-rows__actions" role="group" aria-label={t("rows.actions", { row: rowName })}>
          {button("up", index === 0)}
          {button("down", index === count - 1)}
          {button("remove")}
        </div>
      </fieldset>
    </li>
  );
}


