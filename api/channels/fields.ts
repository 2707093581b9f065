// Field schemas shared by the tenant definition sections.
import { z } from "zod";
import { DEFINITION_MESSAGES as DM } from "../contract/definition-messages";

/**
 * Translatable text: one string for every language, or {"en": "...", "fr": "..."} (at least one). Stored as
 * given; the API resolves it to the visitor's language.
 */
export const localizedSchema = z.union([
  z.string().min(1),
  z
    .strictObject({ en: z.string().min(1).optional(), fr: z.string().min(1).optional() })
    .refine((v) => v.en !== undefined || v.fr !== undefined, { message: DM.localizedNeedsLanguage }),
]);
export type Localized = z.output<typeof localizedSchema>;

/**
 * A setting's value schema without the API's lenient parts: `.default()` and `.catch()` are removed, so a bad
 * value is an error instead of a silent fallback, and object keys the schema would strip are refused.
 */
export function strictSettingValue<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>> {
  let inner: z.ZodType = schema;
  for (;;) {
    if (inner instanceof z.ZodDefault || inner instanceof z.ZodCatch) inner = inner.unwrap() as z.ZodType;
    else break;
  }
  const exact = inner;
  return z.unknown().transform((value, ctx) => {
    const result = exact.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: issue.message });
      return z.NEVER;
    }
    for (const path of strippedKeys(value, result.data)) ctx.addIssue({ code: "custom", path, message: DM.unknownKey });
    return result.data as z.output<T>;
  });
}

/** Paths of object keys present in `input` but dropped from `output` (zod strips unknown keys by default). */
function strippedKeys(input: unknown, output: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (Array.isArray(input) && Array.isArray(output)) return input.flatMap((v, i) => strippedKeys(v, output[i], [...path, i]));
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.keys(input).flatMap((k) => (k in output ? strippedKeys(input[k], output[k], [...path, k]) : [[...path, k]]));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
