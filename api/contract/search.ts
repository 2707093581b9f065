// GET /search (issue 15): the query schema. Wire shapes and limits are in search-types.ts, re-exported here.
import { z } from "zod";
import { languageSchema } from "./common";
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT, SEARCH_MESSAGES, SEARCH_MIN_LENGTH } from "./search-types";

export * from "./search-types";

export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.required })
    .trim()
    .min(1, SEARCH_MESSAGES.required)
    .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
    .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
  limit: z.coerce
    .number({ error: SEARCH_MESSAGES.limit })
    .int(SEARCH_MESSAGES.limit)
    .min(1, SEARCH_MESSAGES.limit)
    .max(SEARCH_MAX_LIMIT, SEARCH_MESSAGES.limit)
    .default(SEARCH_DEFAULT_LIMIT),
  lang: languageSchema.optional(),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;
