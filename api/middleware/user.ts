// The signed-in user, from `Authorization: Bearer <token>`. A user with a temporary password may only reach the
// calls that let them change it (SPEC §2: held on the profile edit page).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { AUTH_MESSAGES } from "../contract/auth";
import type { users } from "../db/schema";
import { ApiError } from "../lib/errors";
import { findSession, type SessionRow } from "../services/auth/sessions";

export const unauthenticated = () => new ApiError(401, AUTH_MESSAGES.unauthenticated);

export function bearerToken(c: Context<AppEnv>): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
  return match ? match[1] : null;
}

type Found = { session: SessionRow; user: typeof users.$inferSelect } | null;

/**
 * Session lookups per incoming request, keyed by its ExecutionContext (one per request the Worker receives). The web
 * app calls the API in process under its own request's context, so a page whose loaders make several signed-in calls
 * looks the token up once (DESIGN: the identity is bound once per request). A write drops the memo before and after
 * it runs: it may sign out, end sessions or change the user.
 */
const lookups = new WeakMap<object, Map<string, Promise<Found>>>();
const SAFE_METHODS = new Set(["GET", "HEAD"]);

function lookupMemo(c: Context<AppEnv>): Map<string, Promise<Found>> | null {
  let ctx: object;
  try {
    ctx = c.executionCtx;
  } catch {
    return null; // no ExecutionContext (a bare app.request in a test): no memo
  }
  let memo = lookups.get(ctx);
  if (!memo) lookups.set(ctx, (memo = new Map()));
  return memo;
}

/** Clears the request's session memo around every write (registered before the routes). */
export const sessionMemoGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  lookupMemo(c)?.clear();
  try {
    await next();
  } finally {
    lookupMemo(c)?.clear();
  }
});

/**
 * The session and user a token names on this channel, or null (no token, unknown, expired): the Bearer token unless
 * the caller found the token elsewhere (the analytics service reads the web app's cookie).
 */
export async function currentUser(c: Context<AppEnv>, token: string | null = bearerToken(c)): Promise<Found> {
  if (!token || token.length > 256) return null;
  const lookup = () => findSession(c.get("db"), c.get("channel").id, token, c.get("now")());
  const memo = SAFE_METHODS.has(c.req.method) ? lookupMemo(c) : null;
  if (!memo) return lookup();
  const key = `${c.get("channel").id}:${token}`;
  let found = memo.get(key);
  if (!found) {
    found = lookup();
    memo.set(key, found);
    found.catch(() => memo.delete(key));
  }
  return found;
}

/** `message`: the 401's words where the SPEC names them (favourites: "user must be logged in"). */
export const requireUser = (options: { allowTemporary?: boolean; message?: string } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const found = await currentUser(c);
    if (!found) throw options.message ? new ApiError(401, options.message) : unauthenticated();
    if (found.user.temporaryPassword && !options.allowTemporary) {
      throw new ApiError(403, AUTH_MESSAGES.temporaryPassword, { password: [AUTH_MESSAGES.temporaryPassword] });
    }
    c.set("user", found.user);
    c.set("session", found.session);
    // Answers about one user are never shared by caches.
    c.header("Cache-Control", "private, no-store");
    await next();
  });
