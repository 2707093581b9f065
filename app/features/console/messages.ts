// The API's console messages (api/contract/console-messages.ts) in the page's language.
import type { TFunction } from "i18next";
import { CONSOLE_MESSAGES } from "@api/contract/console-messages";

const KEYS = new Map<string, string>(Object.entries(CONSOLE_MESSAGES).map(([key, text]) => [text, key]));

/** A known message in the console's words, anything else as the API said it. */
export function consoleMessage(t: TFunction, message: string | null | undefined): string {
  if (!message) return "";
  const key = KEYS.get(message);
  return key ? t(`console:api.${key}`) : message;
}
