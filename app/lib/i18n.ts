// i18next options shared by the server and the browser. Resources are bundled (no fs backend on Workers).
import { DEFAULT_LANGUAGE, LANGUAGES } from "@api/contract/constants";

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common", "auth", "player", "commerce", "orders", "clips", "share", "favorites", "reminders", "calendar", "devices", "sessions", "analytics", "console", "domains", "video"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
