import type { HonoRequest } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { ApiError, validationError } from "./errors";
import { readWithin } from "./request-body";
import { VIDEO_MAX_BYTES } from "../contract/video";

/** The largest JSON or urlencoded body the API reads (a whole channel definition is about 60 KB). */
export const API_BODY_MAX_BYTES = 1024 * 1024;
/** The largest multipart body: an upload (a video through the Worker, VIDEO_MAX_BYTES) and its fields. */
export const API_UPLOAD_MAX_BYTES = VIDEO_MAX_BYTES + 1024 * 1024;
const tooLarge = () => new ApiError(413, "The request body is too large.");

/**
 * Reads the raw body once, within API_BODY_MAX_BYTES (API_UPLOAD_MAX_BYTES for multipart), into Hono's body cache, so every later reader (the handler, the
 * request-error log) gets the same bytes and none reads an unbounded body. A larger body is drained and refused.
 */
async function cacheCapped(request: HonoRequest): Promise<void> {
  if (Object.keys(request.bodyCache).length) return;
  const maxBytes = (request.header("content-type") ?? "").includes("multipart/form-data") ? API_UPLOAD_MAX_BYTES : API_BODY_MAX_BYTES;
  const bytes = await readWithin(request.raw, maxBytes).catch(() => new Uint8Array(0));
  if (!bytes) throw tooLarge();
  // Hono keeps promises there (its type says the values): text(), json() and formData() derive from this one.
  (request.bodyCache as Record<string, unknown>).arrayBuffer = Promise.resolve(bytes.buffer);
}

/** Parses the query with a zod schema; failures are 422 with per-field messages. */
export const query = <S extends z.ZodType>(schema: S) =>
  validator("query", (value) => parse(schema, value, "query"));

export const param = <S extends z.ZodType>(schema: S) =>
  validator("param", (value) => parse(schema, value, "param"));

/**
 * Parses a JSON, urlencoded or multipart body (read as `c.req.valid("json")`). A malformed body is a 400. The body is
 * read within its ceiling first: Hono's json validator reads a JSON body in full before calling us (issue 25, soak: a
 * 64 MiB `{"channel_key": …}` was read whole and answered 422 instead of 413).
 */
export const body = <S extends z.ZodType>(schema: S) => {
  const validate = validator("json", async (_value, c) => parse(schema, await readBody(c.req), "body"));
  return (async (c, next) => {
    await cacheCapped(c.req);
    return validate(c, next);
  }) as typeof validate;
};

/** The raw body as text within API_BODY_MAX_BYTES (a larger one is drained and refused, 413): for signed payloads. */
export async function readTextCapped(request: HonoRequest): Promise<string> {
  await cacheCapped(request);
  return request.text();
}

export function parse<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}

/** The body as a flat object. Hono caches the body, so it can be read again by later middleware. */
export async function readBody(request: HonoRequest): Promise<Record<string, unknown>> {
  const type = request.header("content-type") ?? "";
  await cacheCapped(request);
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
