// The account corner of the header: the signed-in user's menu, or links to log in and register that bring the
// visitor back to this page. A <details> disclosure and a plain POST form: keyboard and no-JS friendly.
import { Form, Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useDismiss } from "./useDismiss";
import { authLink } from "~/lib/auth-paths";

export interface HeaderUser {
  name: string;
  /** What the header's corner shows: the first name, whole (the full name is in the menu's title and the drawer). */
  firstName?: string;
  email: string;
  /** The channel's owner (or a platform admin): the menu leads to its console and analytics. */
  owner?: boolean;
}

export function UserMenu({ user }: { user: HeaderUser | null }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismiss(ref);
  if (!user) {
    const here = location.pathname + location.search;
    return (
      <div className="user-links">
        <Link to={authLink("/login", here)} className="user-links__login">
          {t("menu.login")}
        </Link>
        <Link to={authLink("/registration", here)} className="button button--primary user-links__register">
          {t("menu.register")}
        </Link>
      </div>
    );
  }
  return (
    <details className="user-menu" ref={ref}>
      <summary>
        <span className="visually-hidden">{t("menu.account")}: </span>
        <span className="user-menu__avatar" aria-hidden="true">
          {(user.name || user.email).charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__name" title={user.name || user.email}>
          {user.firstName || user.name || user.email}
        </span>
      </summary>
      <ul className="user-menu__list">
        <AccountItems user={user} logoutClass="user-menu__logout" />
      </ul>
    </details>
  );
}

/** A signed-in user's account entries (profile, the owner's console and analytics, log out), in the header menu and the drawer. */
function AccountItems({ user, logoutClass }: { user: HeaderUser; logoutClass: string }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <li>
        <Link to="/profile">{t("menu.profile")}</Link>
      </li>
      {user.owner ? (
        <>
          <li>
            <Link to="/console">{t("menu.console")}</Link>
          </li>
          <li>
            <Link to="/analytics">{t("menu.analytics")}</Link>
          </li>
        </>
      ) : null}
      <li>
        <Form method="post" action="/action/logout">
          <button type="submit" className={logoutClass}>
            {t("menu.logout")}
          </button>
        </Form>
      </li>
    </>
  );
}

/** The drawer's account part: the same links as the header corner, laid out as a list. */
export function DrawerAccount({ user }: { user: HeaderUser | null }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <ul className="drawer-account">
      {user ? (
        <>
          <li className="drawer-account__who">{user.name || user.email}</li>
          <AccountItems user={user} logoutClass="drawer-account__logout" />
        </>
      ) : (
        <>
          <li>
            <Link to={authLink("/login", here)}>{t("menu.login")}</Link>
          </li>
          <li>
            <Link to={authLink("/registration", here)} className="button button--primary">
              {t("menu.register")}
            </Link>
          </li>
        </>
      )}
    </ul>
  );
}
