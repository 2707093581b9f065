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

/** The session and user a Bearer token names on this channel, or null (no token, unknown, expired). */
export async function currentUser(c: Context<AppEnv>): Promise<{ session: SessionRow; user: typeof users.$inferSelect } | null> {
  const token = bearerToken(c);
  if (!token || token.length > 256) return null;
  return findSession(c.get("db"), c.get("channel").id, token, c.get("now")());
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
