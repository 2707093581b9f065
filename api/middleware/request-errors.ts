// The request-error log (issue 14, SPEC §7 last line): a request that failed is recorded for the channel's owner
// with its status, message and form fields, secrets removed. What is worth an owner's attention: every server error,
// and refused writes (a form that did not go through); not a signed-out 401, and not reads of things that are not
// there (a probe or a stale link is not an error of the channel), nor the analytics service's own answers.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { insertRequestError } from "../db/repos/analytics";
import { readBody } from "../lib/validate";

/** Field names whose values are never kept: passwords, card data, tokens, keys, codes, signatures. */
const SECRET = /pass|card|cvc|cvv|^exp|token|secret|key|signature|^code$|iban|^pan$/i;
const MAX_FIELDS = 30;
const MAX_VALUE = 200;

/** The form's fields as the log keeps them: secrets replaced, long values cut, at most MAX_FIELDS. */
export function redactFields(body: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body).slice(0, MAX_FIELDS)) {
    if (SECRET.test(name)) kept[name] = "[removed]";
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
  if (!channel || !isLogged(method, path, c.res.status)) return;
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
