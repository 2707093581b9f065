// What the console's row-editor specs share: the console's words in either language, and the row editor's parts
// found as a screen reader names them.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";

export type ConsoleCopy = typeof import("../../app/locales/en/console.json");
export const consoleCopy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/console.json`, "utf8")) as ConsoleCopy;
/** A locale string with its {{placeholders}} filled in. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));

/** A row of a list, by its legend ("Champ 2", "Entrée 4"). */
export const row = (page: Page | Locator, name: string) => page.getByRole("group", { name: new RegExp(`^${name}( —|$)`) });
/** A localized field's input in one language, inside a row. */
export const localized = (scope: Locator, label: string, lang: string) => scope.getByRole("group", { name: new RegExp(`^${label}`) }).getByLabel(lang, { exact: true });
/** A field by its label, optional or not, in either language. */
export const labelled = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}( \\((optional|facultatif)\\))?$`));
