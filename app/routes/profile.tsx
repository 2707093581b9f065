import { type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { authLinks } from "~/features/auth/links";
import { ordersLinks } from "~/features/orders/format";
import { metaFromLoader } from "~/lib/route-meta";
import { allowsDeviceLinking, requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

export const links: LinksFunction = () => [...authLinks(), ...ordersLinks()];

// The profile frame: who is signed in, and the profile's sections as tabs (active orders by default, transactions,
// clips, following, the signed-in devices, and link a device where the channel allows it).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, tenant } = requireUser(context, request);
  const t = await getT(tenant.lang);
  return {
    user: {
      name: `${user.first_name} ${user.last_name}`.trim(),
      email: user.email,
      phone: user.phone,
      emailVerified: user.email_verified,
    },
    // Link a device is offered only where the channel allows remote sign-in (SPEC §2).
    remoteAuth: allowsDeviceLinking(tenant),
    meta: { title: t("auth:titles.profile") },
  };
}

export const meta = metaFromLoader;

export default function Profile() {
  const { user, remoteAuth } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const { t: o } = useTranslation("orders");
  const { t: c } = useTranslation("clips");
  const { t: f } = useTranslation("favorites");
  const { t: d } = useTranslation("devices");
  const { t: s } = useTranslation("sessions");
  // Approving a TV's code is a task the viewer came for from the TV's QR code, often on a phone (issue 28): its form
  // comes first, right under the title, and the profile's summary and tabs follow it.
  const task = useLocation().pathname.replace(/\/$/, "") === "/profile/sessions/add";
  const title = <h1>{t("titles.profile")}</h1>;
  const summary = (
    <header className="profile__header">
      {task ? null : title}
      <dl className="profile__summary">
        <dt>{t("profile.name")}</dt>
        <dd>{user.name}</dd>
        <dt>{t("profile.email")}</dt>
        <dd>
          {user.email}{" "}
          <span className={user.emailVerified ? "badge badge--ok" : "badge"}>
            {user.emailVerified ? t("profile.verified") : t("profile.unverified")}
          </span>
          {user.emailVerified ? null : (
            <>
              {" "}
              <Link to="/verify-notice">{t("profile.verify")}</Link>
            </>
          )}
        </dd>
        {user.phone ? (
          <>
            <dt>{t("profile.phone")}</dt>
            <dd>{user.phone}</dd>
          </>
        ) : null}
      </dl>
      <Link to="/profile/edit" className="button button--secondary">
        {t("profile.edit")}
      </Link>
    </header>
  );
  const tabs = (
    <nav className="profile__nav" aria-label={t("profile.nav")}>
      <ul>
        <li>
          <NavLink to="/profile" end preventScrollReset>
            {t("profile.activeOrders")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/profile/transactions" preventScrollReset>
            {o("nav.transactions")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/profile/clips" preventScrollReset>
            {c("titles.profileClips")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/profile/following" preventScrollReset>
            {f("page.title")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/profile/devices" preventScrollReset>
            {s("page.title")}
          </NavLink>
        </li>
        {remoteAuth ? (
          <li>
            <NavLink to="/profile/sessions/add" preventScrollReset>
              {d("page.title")}
            </NavLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
  return task ? (
    <div className="page profile profile--task">
      {title}
      <Outlet />
      {summary}
      {tabs}
    </div>
  ) : (
    <div className="page profile">
      {summary}
      {tabs}
      <Outlet />
    </div>
  );
}
