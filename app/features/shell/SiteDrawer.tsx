import type { MenuItem } from "@api/contract/channel";
import { useLocation } from "@remix-run/react";
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SearchForm } from "~/features/search/SearchForm";
import type { RootData } from "~/root";
import { LanguageSwitch } from "./LanguageSwitch";
import { MenuLink } from "./SiteHeader";
import { DrawerAccount } from "./UserMenu";

export const DRAWER_ID = "site-drawer";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The small-screen menu: a button in the header opens a modal drawer (native <dialog>: the page behind is inert,
 * Escape closes it) with the search, the menu, the language and the account. Tab cycles inside; closing returns
 * focus to the button. Without JavaScript the button is a link to #site-drawer, which CSS shows (:target).
 */
export function SiteDrawer({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLAnchorElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  const show = () => {
    if (!dialog.current || dialog.current.open) return;
    dialog.current.showModal();
    setOpen(true);
  };
  const hide = () => dialog.current?.open && dialog.current.close();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    const closed = () => {
      setOpen(false);
      button.current?.focus();
    };
    d.addEventListener("close", closed);
    return () => d.removeEventListener("close", closed);
  }, []);
  // A link followed inside the drawer closes it.
  useEffect(() => {
    hide();
  }, [location.key]);

  const onButtonClick = (e: MouseEvent) => {
    e.preventDefault();
    show();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === " ") {
      e.preventDefault();
      show();
    }
  };
  const trap = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== "Tab" || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement
    );
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  // A click on the backdrop lands on the <dialog> itself (its panel fills it with content).
  const onDialogClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === dialog.current) hide();
  };

  return (
    <>
      <a
        ref={button}
        href={`#${DRAWER_ID}`}
        role="button"
        className="menu-button"
        aria-label={t("nav.openMenu")}
        aria-controls={DRAWER_ID}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={onButtonClick}
        onKeyDown={onButtonKey}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="menu-button__label">{t("nav.openMenu")}</span>
      </a>
      <dialog ref={dialog} id={DRAWER_ID} className="site-drawer" aria-label={t("nav.drawer")} onKeyDown={trap} onClick={onDialogClick}>
        <div className="site-drawer__panel">
          <div className="site-drawer__top">
            <span className="site-drawer__title">{data.siteName}</span>
            <a
              href="#main"
              role="button"
              className="site-drawer__close"
              onClick={(e) => {
                e.preventDefault();
                hide();
              }}
              onKeyDown={(e) => {
                if (e.key === " ") {
                  e.preventDefault();
                  hide();
                }
              }}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
                <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              <span className="visually-hidden">{t("nav.closeMenu")}</span>
            </a>
          </div>
          <SearchForm className="search-form--drawer" />
          <nav aria-label={t("nav.mainMenu")} className="drawer-nav">
            <ul>
              {data.headerMenu.map((item) => (
                <DrawerItem key={item.id} item={item} />
              ))}
            </ul>
          </nav>
          <LanguageSwitch current={data.lang} languages={data.languages} variant="drawer" />
          <DrawerAccount user={data.user} />
        </div>
      </dialog>
    </>
  );
}

function DrawerItem({ item }: { item: MenuItem }) {
  if (!item.children.length) {
    return (
      <li>
        <MenuLink item={item} />
      </li>
    );
  }
  return (
    <li>
      <span className="drawer-nav__group">{item.name}</span>
      <ul>
        {item.children.map((child) => (
          <li key={child.id}>
            <MenuLink item={child} />
          </li>
        ))}
      </ul>
    </li>
  );
}
