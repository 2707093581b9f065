// The API's messages in the page's language. An API catalogue (a `*_MESSAGES` object of api/contract) names each
// message; the locale file has the same names under a prefix (`console:api.`, `scores:api.`). A message the catalogue
// does not know is not translated here: the caller shows it as the API said it.
import type { TFunction } from "i18next";

export type MessageTranslator = (t: TFunction, message: string) => string | null;

/** A translator for one catalogue: its message → `t(prefix + name)`, or null for a message it does not hold. */
export function messagesOf(catalogue: Readonly<Record<string, string>>, prefix: string): MessageTranslator {
  const names = new Map<string, string>(Object.entries(catalogue).map(([name, text]) => [text, name]));
  return (t, message) => {
    const name = names.get(message);
    return name === undefined ? null : t(`${prefix}${name}`, { defaultValue: message });
  };
}
