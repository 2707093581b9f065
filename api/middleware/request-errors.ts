// The request-error log (issue 14, SPEC §7 last line): a request that failed is recorded for the channel's owner
// with its status, message and form fields. What is worth an owner's attention: every server error, and refused
// writes (a form that did not go through); not a signed-out 401, not reads of things that are not there (a probe or a
// stale link is not an error of the channel), not the analytics service's own answers, and not a refusal the protocol
// expects (a TV's pending poll, RFC 8628). The owner reads it, so a field's value is kept only when its name is on an
// allow-list of what identifies a form and the choices made in it (issue 25: a device code that a deny-list missed
// let an owner take over a viewer's TV session); every other field shows by name alone.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { insertRequestError } from "../db/repos/analytics";
import { readBody } from "../lib/validate";

/**
 * The fields whose values the log keeps: who filled the form in (names, email, language), which records it was about
 * (ids) and the choices made (types, dates, sort, flags). Passwords, card data, tokens, codes, keys, free text and any
 * field not named here show as "[removed]".
 */
const KEPT_FIELDS = new Set([
  ...["email", "first_name", "last_name", "owner_email", "owner_first_name", "owner_last_name", "name", "title", "title_fr", "label"],
  ...["lang", "language", "languages", "gender", "country", "currency", "platform", "device_type", "device_name", "theme", "font"],
  ...["type", "access_type", "event_type", "favoritable_type", "stream_type", "status", "sort_field", "sort_direction"],
  ...["start_date", "end_date", "starts_at", "ends_at", "date", "limit", "offset", "quantity", "remind", "required", "terms"],
  ...["file_name", "file_size", "file_type", "grant_type", "approve"],
]);
/** Ids: `id`, `event_id`, `participant_ids`… */
const ID_FIELD = /^(?:id|[a-z_]+_ids?)$/;
const REMOVED = "[removed]";
const MAX_FIELDS = 30;
const MAX_VALUE = 200;

export const isKeptField = (name: string) => KEPT_FIELDS.has(name) || ID_FIELD.test(name);

/** The form's fields as the log keeps them: values only for allow-listed names, long values cut, at most MAX_FIELDS. */
export function redactFields(body: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body).slice(0, MAX_FIELDS)) {
    if (!isKeptField(name)) kept[name] = REMOVED;
    else if (value === null || typeof value === "number" || typeof value === "boolean") kept[name] = value;
    else {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      kept[name] = text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
    }
  }
  return kept;
}

export function isLogged(method: string, path: string, status: number): boolean {
  if (status < 400 || status === 401 || path.startsWith("/api/datalake/")) return false;
  if (status >= 500) return true;
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return typeof body.message === "string" ? body.message.slice(0, 500) : response.statusText;
  } catch {
    return response.statusText || String(response.status);
  }
}

export const requestErrorLog = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const { method } = c.req;
  const path = new URL(c.req.url).pathname;
  const channel = c.get("channel");
  if (!channel || c.get("expectedRefusal") || !isLogged(method, path, c.res.status)) return;
  try {
    const fields = method === "GET" || method === "HEAD" ? {} : redactFields(await readBody(c.req).catch(() => ({})));
    await insertRequestError(c.get("db"), {
      channelId: channel.id,
      at: c.get("now")(),
      method,
      path: path.slice(0, 500),
      status: c.res.status,
      message: await messageOf(c.res),
      fields,
      userId: c.get("user")?.id ?? null,
    });
  } catch (error) {
    // The log must never change the answer.
    console.warn("request error log failed:", error);
  }
});
