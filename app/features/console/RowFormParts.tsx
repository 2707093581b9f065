// What a console form with row editors (fields.ts "rows") needs around its fields, shared by the item pages and the
// settings page: a row button draws the form again unsaved, so focus is put back and the change is said.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** After a row moved, came or went, focus stays where the keyboard was (the form was drawn again). */
export function useRowFocus(focus: string | null | undefined, rev: string | undefined): void {
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus, rev]);
}

/** Says what the last row button did (added, removed, moved), for screen readers. */
export function RowChangeStatus({ done }: { done: { what: string; position: number } | null | undefined }) {
  const { t } = useTranslation("console");
  return (
    <p role="status" className="visually-hidden">
      {done ? t(`rows.done.${done.what}`, { n: done.position }) : ""}
    </p>
  );
}

/** Enter in a field saves: the first submit button is the form's default, so it must not be a row's button. */
export function DefaultSaveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation("console");
  return (
    <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={busy}>
      {t("form.save")}
    </button>
  );
}
