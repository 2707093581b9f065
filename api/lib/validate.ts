import type { HonoRequest } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { ApiError, validationError } from "./errors";

/** Parses the query with a zod schema; failures are 422 with per-field messages. */
export const query = <S extends z.ZodType>(schema: S) =>
  validator("query", (value) => parse(schema, value, "query"));

export const param = <S extends z.ZodType>(schema: S) =>
  validator("param", (value) => parse(schema, value, "param"));

/** Parses a JSON, urlencoded or multipart body (read as `c.req.valid("json")`). A malformed body is a 400. */
export const body = <S extends z.ZodType>(schema: S) =>
  validator("json", async (_value, c) => parse(schema, await readBody(c.req), "body"));

export function parse<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}

/** The body as a flat object. Hono caches the body, so it can be read again by later middleware. */
export async function readBody(request: HonoRequest): Promise<Record<string, unknown>> {
  const type = request.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const text = await request.text();
    if (!text) return {};
    try {
      const json: unknown = JSON.parse(text);
      if (json && typeof json === "object" && !Array.isArray(json)) return json as Record<string, unknown>;
    } catch {
      // fall through to the 400 below
    }
    throw new ApiError(400, "The request body is not a valid JSON object.");
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError(400, "The request body is not a valid form.");
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
    return out;
  }
  const text = await request.text();
  if (text.trim()) throw new ApiError(415, "Send the body as JSON or as a form.");
  return {};
}
