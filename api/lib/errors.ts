import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiErrorBody } from "../contract/common";
import type { FieldCodes } from "../contract/definition-messages";
import { MESSAGES } from "../contract/messages";

/** A typed API error: answered as JSON `{ message, errors? }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** The same messages as codes, where the client words them itself (the console's definition errors). */
    readonly codes?: FieldCodes,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody(): ApiErrorBody {
    if (!this.errors) return { message: this.message };
    return this.codes ? { message: this.message, errors: this.errors, codes: this.codes } : { message: this.message, errors: this.errors };
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, message);

/** The body names the field, so clients can apply the SPEC §8 refresh-and-retry rule. */
export const apiKeyError = (field: "api_key" | "channel_key" = "api_key") =>
  new ApiError(403, MESSAGES.noApiKey, { [field]: [MESSAGES.noApiKey] });

export function validationError(error: ZodError, where?: string): ApiError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : (where ?? "body");
    (errors[field] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? MESSAGES.generic;
  return new ApiError(422, first, errors);
}
