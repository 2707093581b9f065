import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The 404 page of SPEC §2: "Sorry! - Game Not Found" with a Go to Home link. */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <section className="not-found page narrow">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <Link to="/" className="button button--primary">
        {t("notFound.goHome")}
      </Link>
    </section>
  );
}
