// What the account services need from a request, gathered once so the services stay free of Hono.
import type { Context } from "hono";
import type { AppEnv, ChannelContext } from "../../context";
import type { Db } from "../../db/client";
import { requestHost } from "../../middleware/tenant";
import { requestGeo } from "../geo";
import type { SessionClient } from "./sessions";

export interface AuthRequest {
  db: Db;
  env: Env;
  channel: ChannelContext;
  now: number;
  /** CF-Connecting-IP; "unknown" when absent (local runs), so rate limits still have a key. */
  ip: string;
  userAgent: string | null;
  /** The request's country (ISO 3166-1 alpha-2), read as the geo rules read it; null when unknown. */
  country: string | null;
  /** The channel's web origin as the visitor addressed it: where mailed links point. */
  origin: string;
}

export function authRequest(c: Context<AppEnv>): AuthRequest {
  const url = new URL(c.req.url);
  return {
    db: c.get("db"),
    env: c.env,
    channel: c.get("channel"),
    now: c.get("now")(),
    ip: c.req.header("cf-connecting-ip")?.trim() || "unknown",
    userAgent: c.req.header("user-agent") ?? null,
    country: requestGeo(c).country_code,
    origin: `${url.protocol}//${requestHost(c.req.raw, c.env) ?? url.host}`,
  };
}

/** What a new session records of this request. */
export const sessionClient = ({ userAgent, ip, country }: AuthRequest): SessionClient => ({ userAgent, ip, country });

/** D1 reports a unique index violation in the message of the error (or of its cause, through Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message ?? e).includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
