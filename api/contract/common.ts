import { z } from "zod";
import { LANGUAGES } from "./constants";

/** The error body every API error answers with. `errors` maps a field to its messages. */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const languageSchema = z.enum(LANGUAGES);

/** `?lang=` on channel calls: which language translatable fields resolve to. */
export const langQuerySchema = z.object({ lang: languageSchema.optional() });

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
