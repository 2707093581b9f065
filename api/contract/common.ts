import { z } from "zod";
import { LANGUAGES } from "./constants";
import { DEFINITION_MESSAGE_CODES } from "./definition-messages";

/**
 * The error body every API error answers with. `errors` maps a field to its messages; `codes`, on a refused
 * console save, maps the same fields to the same messages as codes and values (definition-messages.ts).
 */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  codes: z
    .record(z.string(), z.array(z.object({ code: z.enum(DEFINITION_MESSAGE_CODES), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })))
    .optional()
    // A code this client does not know yet leaves it with the English words.
    .catch(undefined),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const languageSchema = z.enum(LANGUAGES);

/** `?lang=` on channel calls: which language translatable fields resolve to. */
export const langQuerySchema = z.object({ lang: languageSchema.optional() });

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
