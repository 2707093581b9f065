// The API's console messages (api/contract/console-messages.ts) in the page's language.
import type { TFunction } from "i18next";
import { CONSOLE_MESSAGES } from "@api/contract/console-messages";
import { SCOREKEEPER_MESSAGES } from "@api/contract/scores";
import { EN_VALIDATION } from "@api/contract/validation";
import { VIDEO_MESSAGES } from "@api/contract/video";
import { codeOfMessage, type FieldCode, type FieldCodes } from "@api/contract/definition-messages";
import { messagesOf } from "~/lib/api-messages";

const consoleWords = messagesOf(CONSOLE_MESSAGES, "console:api.");
const videoWords = messagesOf(VIDEO_MESSAGES, "video:api.");
const keeperWords = messagesOf(SCOREKEEPER_MESSAGES, "console:keepers.api.");
// SPEC §5's field rules (an owner's email, a scorekeeper's), as every form of the site words them.
const validationWords = messagesOf({ ...EN_VALIDATION }, "common:validation.");

/**
 * A known message (the console's, its video calls', its scorekeeper grants', a field rule's) in the console's words,
 * anything else as the API said it.
 */
export function consoleMessage(t: TFunction, message: string | null | undefined): string {
  if (!message) return "";
  return consoleWords(t, message) ?? videoWords(t, message) ?? keeperWords(t, message) ?? validationWords(t, message) ?? message;
}

/** One definition message (definition-messages.ts) in the page's language; the words it names are translated too. */
export function schemaMessage(t: TFunction, { code, params = {} }: FieldCode): string {
  const values: Record<string, string | number> = { ...params };
  if (typeof values.what === "string") values.what = t(`console:schema.what.${values.what}`, { defaultValue: values.what });
  if (typeof values.expected === "string") values.expected = t(`console:schema.expected.${values.expected}`, { defaultValue: values.expected });
  return t(`console:schema.messages.${code}`, values);
}

/**
 * The API's field errors in the page's language: by their codes when the API sent them, else by the English words
 * when the catalogue knows them (the console's own "must be a number"); anything else as it came.
 */
export function fieldErrorsIn(t: TFunction, errors: Record<string, string[]>, codes?: FieldCodes): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((message, i) => {
        const code = codes?.[field]?.length === messages.length ? codes[field][i] : codeOfMessage(message);
        return code ? schemaMessage(t, code) : message;
      }),
    ]),
  );
}
