import type { Language } from "@api/contract/constants";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** One button per language; a plain form, so it works without JavaScript too. The drawer's copy has its own class. */
export function LanguageSwitch({
  current,
  languages,
  variant = "header",
}: {
  current: Language;
  languages: Language[];
  variant?: "header" | "drawer";
}) {
  const { t } = useTranslation();
  const location = useLocation();
  if (languages.length < 2) return null;
  return (
    <Form
      method="post"
      action="/action/set-language"
      className={variant === "header" ? "lang-switch" : "drawer-lang"}
      aria-label={t("language.switch")}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {languages.map((lng) => (
        <button key={lng} type="submit" name="lng" value={lng} lang={lng} aria-pressed={lng === current} className="lang-switch__button">
          <span aria-hidden="true">{lng.toUpperCase()}</span>
          <span className="visually-hidden">{t(`language.${lng}`)}</span>
        </button>
      ))}
    </Form>
  );
}
