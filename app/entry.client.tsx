import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { config as zodConfig } from "zod/v4/core";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "~/lib/i18n";

// zod would probe `new Function` for its fast path; the CSP forbids eval, so it would only log a violation.
zodConfig({ jitless: true });

// Only the page's language is loaded; another one is fetched when the visitor switches.
async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((lng: string, ns: string) => import(`./locales/${lng}/${ns}.json`)))
    .init({ ...i18nOptions, lng: document.documentElement.lang || i18nOptions.fallbackLng });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
