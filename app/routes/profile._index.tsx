import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaFromLoader } from "~/lib/route-meta";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

// Active orders, the profile's default section. Orders arrive with the purchase issue; until then it is empty.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = requireUser(context, request);
  const t = await getT(tenant.lang);
  return { meta: { title: t("auth:titles.activeOrders") } };
}

export const meta = metaFromLoader;

export default function ActiveOrders() {
  const { t } = useTranslation("auth");
  return (
    <section className="profile__section" aria-labelledby="active-orders">
      <h2 id="active-orders">{t("profile.activeOrders")}</h2>
      <div className="empty-state">
        <p>{t("profile.noOrders")}</p>
        <Link to="/upcoming" className="button button--primary">
          {t("profile.browse")}
        </Link>
      </div>
    </section>
  );
}
