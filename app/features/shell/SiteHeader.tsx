import type { MenuItem } from "@api/contract/channel";
import { Link, NavLink, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { SearchForm } from "~/features/search/SearchForm";
import type { RootData } from "~/root";
import { isExternal, menuHref } from "~/lib/menu";
import { LanguageSwitch } from "./LanguageSwitch";
import { SiteDrawer } from "./SiteDrawer";
import { useDismiss } from "./useDismiss";
import { UserMenu } from "./UserMenu";

export function SiteHeader({ data }: { data: RootData }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <SiteDrawer data={data} />
        <Link to="/" className="site-logo" aria-label={t("nav.homeLink", { name: data.siteName })}>
          {data.logo ? <img src={data.logo} alt={data.channelName} width={240} height={40} /> : <span>{data.siteName}</span>}
        </Link>
        <nav className="site-nav" aria-label={t("nav.mainMenu")}>
          <ul className="site-nav__list">
            {data.headerMenu.map((item) => (
              <li key={item.id} className="site-nav__item">
                {item.children.length ? <MenuGroup item={item} /> : <MenuLink item={item} />}
              </li>
            ))}
          </ul>
        </nav>
        <SearchForm className="search-form--header" live />
        <Link to="/search" className="search-link" aria-label={t("search.title")}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </Link>
        <LanguageSwitch current={data.lang} languages={data.languages} />
        <UserMenu user={data.user} />
      </div>
    </header>
  );
}

/** How far the drop-down keeps from the window's edge. */
const EDGE_PX = 16;

/**
 * A menu entry with children: a disclosure that works by keyboard and without JavaScript; Escape and a click outside
 * close it. Opened near the window's right edge (beta's longer names), its list slides left to keep clear of it.
 */
function MenuGroup({ item }: { item: MenuItem }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useDismiss(ref);
  const keepInside = () => {
    const ul = list.current;
    if (!ul || !ref.current?.open) return;
    ul.style.left = "";
    const over = ul.getBoundingClientRect().right - (document.documentElement.clientWidth - EDGE_PX);
    if (over > 0) ul.style.left = `${-over}px`;
  };
  return (
    <details className="site-nav__group" ref={ref} onToggle={keepInside}>
      <summary>{item.name}</summary>
      <ul className="site-nav__submenu" ref={list}>
        {item.children.map((child) => (
          <li key={child.id}>
            <MenuLink item={child} />
          </li>
        ))}
      </ul>
    </details>
  );
}

export function MenuLink({ item }: { item: MenuItem }) {
  const href = menuHref(item);
  const image = item.image ? <img src={item.image} alt="" width={20} height={20} className="menu-icon" /> : null;
  if (isExternal(href)) {
    return (
      <a href={href} rel="noopener noreferrer" target="_blank">
        {image}
        {item.name}
      </a>
    );
  }
  if (href.includes("?"))
    return (
      <QueryLink href={href}>
        {image}
        {item.name}
      </QueryLink>
    );
  return (
    <NavLink to={href} end={href === "/"} prefetch="intent">
      {image}
      {item.name}
    </NavLink>
  );
}

/** A link to a filtered list (e.g. /upcoming?school=…): current only when the query matches too, not on /upcoming. */
function QueryLink({ href, children }: { href: string; children: React.ReactNode }) {
  const location = useLocation();
  const here = new URLSearchParams(location.search);
  const target = new URL(href, "http://x");
  const current = location.pathname === target.pathname && [...target.searchParams].every(([k, v]) => here.get(k) === v);
  return (
    <Link to={href} prefetch="intent" aria-current={current ? "page" : undefined} className={current ? "active" : undefined}>
      {children}
    </Link>
  );
}
