import { Form, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CONSENT_ASK_AGAIN } from "~/lib/consent";
import { StaticBlocks } from "~/features/blocks/StaticBlocks";
import type { RootData } from "~/root";
import { MenuLink } from "./SiteHeader";
import { SOCIAL_NETWORKS, SOCIAL_SPRITE, socialNetwork } from "./social-icons";

export function SiteFooter({ data, onCookieSettings }: { data: RootData; onCookieSettings: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  // With JavaScript the notice opens in place (showing the current answer); without, the post forgets the answer.
  const openSettings = (e: FormEvent) => {
    e.preventDefault();
    onCookieSettings();
  };
  const { contacts, social } = data;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <StaticBlocks blocks={data.footerBlocks} placement="footer" />
        <nav aria-label={t("nav.footerMenu")}>
          <ul className="footer-menu">
            {data.footerMenu.map((item) => (
              <li key={item.id}>
                <MenuLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        {contacts.email || contacts.phone ? (
          <address className="footer-contacts">
            {contacts.email ? <a href={`mailto:${contacts.email}`}>{contacts.email}</a> : null}
            {contacts.phone ? <a href={`tel:${contacts.phone.replace(/[^\d+]/g, "")}`}>{contacts.phone}</a> : null}
          </address>
        ) : null}
        {social.length ? (
          <ul className="footer-social" aria-label={t("footer.follow")}>
            {social.map((s) => (
              <li key={s.url}>
                <SocialLink network={s.network} url={s.url} channel={data.channelName} />
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" action="/action/accept-cookies" className="footer-cookies" onSubmit={openSettings}>
          <input type="hidden" name="consent" value={CONSENT_ASK_AGAIN} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" className="footer-cookies__button" aria-haspopup="true">
            {t("cookie.settings")}
          </button>
        </Form>
        <p className="footer-copy">
          {t("footer.copyright", {
            year: new Date().getUTCFullYear(),
            name: data.channelName,
          })}
        </p>
      </div>
    </footer>
  );
}

/** A network the sprite draws is its icon, named for screen readers ("Alpha Sports Network on Facebook"); another, its name. */
function SocialLink({ network, url, channel }: { network: string; url: string; channel: string }) {
  const { t } = useTranslation();
  const known = socialNetwork(network);
  if (!known) {
    return (
      <a href={url} rel="noopener noreferrer" target="_blank">
        {network}
      </a>
    );
  }
  const name = SOCIAL_NETWORKS[known];
  return (
    <a href={url} rel="noopener noreferrer" target="_blank" className="footer-social__icon" aria-label={t("footer.socialOn", { name: channel, network: name })} title={name} data-network={known}>
      <svg aria-hidden="true" focusable="false" width="24" height="24">
        <use href={`${SOCIAL_SPRITE}#${known}`} />
      </svg>
    </a>
  );
}
