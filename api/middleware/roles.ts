// Role guards for the operator calls (issue 16). They run after requireUser; the rules are services/auth/roles.ts.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { CONSOLE_MESSAGES } from "../contract/console-messages";
import { ApiError } from "../lib/errors";
import { canManageChannel, canManagePlatform } from "../services/auth/roles";

/** The channel's owner or a platform admin; anyone else signed in gets 403. */
export const requireChannelManager = (message: string = CONSOLE_MESSAGES.forbidden) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!canManageChannel(c.get("user").role)) throw new ApiError(403, message);
    await next();
  });

/** A platform admin. */
export const requirePlatformAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!canManagePlatform(c.get("user").role)) throw new ApiError(403, CONSOLE_MESSAGES.platformOnly);
  await next();
});
