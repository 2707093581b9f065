// i18next options shared by the server and the browser. Resources are bundled (no fs backend on Workers).
import { DEFAULT_LANGUAGE, LANGUAGES } from "@api/contract/constants";

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  // Loaded in the browser on every page. A route that needs another declares it in `handle.i18n` (the console's).
  ns: ["common", "auth", "player", "commerce", "orders", "clips", "share", "favorites", "reminders", "calendar", "devices", "sessions", "analytics", "scores"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
