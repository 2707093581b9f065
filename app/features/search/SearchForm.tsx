import { SEARCH_MAX_LENGTH } from "@api/contract/search-types";
import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The site search box: a GET form to /search (works without JavaScript). In the header, the drawer and on the
 * results page; each has its own id for the label.
 */
export function SearchForm({ q = "", className = "", autoFocus = false }: { q?: string; className?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form method="get" action="/search" role="search" className={`search-form ${className}`.trim()}>
      <label htmlFor={id} className="visually-hidden">
        {t("search.label")}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        key={q}
        placeholder={t("search.placeholder")}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        className="search-form__input"
      />
      <button type="submit" className="search-form__submit">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t("search.submit")}</span>
      </button>
    </Form>
  );
}
