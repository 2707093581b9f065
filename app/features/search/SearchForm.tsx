import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "@api/contract/search-types";
import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";

/** How long typing pauses before the results follow it (each keystroke restarts the wait). */
export const SEARCH_TYPING_PAUSE_MS = 250;

/**
 * The site search box: a GET form to /search (works without JavaScript). In the header, the drawer and on the
 * results page; each has its own id for the label. With `live`, results follow the typing (issue 28): once typing
 * pauses, the form is sent — replacing the history entry on the results page, so Back leaves search in one step —
 * and focus stays in the box. An empty box shows the results page's intro; a box that is too short waits.
 */
export function SearchForm({ q = "", className = "", autoFocus = false, live = false }: { q?: string; className?: string; autoFocus?: boolean; live?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const submit = useSubmit();
  const { pathname } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const pause = useRef<ReturnType<typeof setTimeout>>();
  const onSearchPage = pathname === "/search";

  useEffect(() => () => clearTimeout(pause.current), []);
  // A query that changes from elsewhere (Back, a link) shows in the box, unless the viewer is typing in it.
  useEffect(() => {
    const box = input.current;
    if (live && box && document.activeElement !== box && box.value !== q) box.value = q;
  }, [live, q]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    clearTimeout(pause.current);
    pause.current = setTimeout(() => {
      const value = input.current?.value.trim() ?? "";
      if (!form || (value.length < SEARCH_MIN_LENGTH && !(onSearchPage && value === ""))) return;
      submit(form, { replace: onSearchPage, preventScrollReset: true });
    }, SEARCH_TYPING_PAUSE_MS);
  };

  return (
    <Form method="get" action="/search" role="search" className={`search-form ${className}`.trim()} onSubmit={() => clearTimeout(pause.current)}>
      <label htmlFor={id} className="visually-hidden">
        {t("search.label")}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        // Without live results, a new query remounts the box with it; a live box keeps the viewer's typing.
        key={live ? undefined : q}
        onChange={live ? onChange : undefined}
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
