import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nOptions } from "~/lib/i18n";
import { readInlineTranslations } from "~/lib/inline-translations";

// The page's language comes inlined in the document; another one is fetched when the visitor switches, and a
// namespace the document lacks is fetched on demand. No fallback language is loaded: every key exists in every
// language (tests/unit/locales.test.ts), so a French page fetched the English files for nothing.
async function hydrate() {
  const lng = document.documentElement.lang || i18nOptions.fallbackLng;
  const inlined = readInlineTranslations();
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((lng: string, ns: string) => import(`./locales/${lng}/${ns}.json`)))
    .init({
      ...i18nOptions,
      ns: [...i18nOptions.ns, ...getInitialNamespaces()],
      lng,
      ...(inlined ? { resources: { [lng]: inlined }, partialBundledLanguages: true, initImmediate: false, fallbackLng: false as const } : {}),
    });

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
