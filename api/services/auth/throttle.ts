// Rate limits for sign-in and password reset (DESIGN "Sessions and auth"). Each key is one RateLimiter Durable
// Object, so concurrent attempts from many isolates share one counter. `npm run dev` (Vite's platform proxy) has
// no same-worker Durable Objects: there the same rule runs in an in-isolate map.
import {
  LOGIN_ACCOUNT_ALL_IPS_LIMIT,
  LOGIN_ACCOUNT_ALL_IPS_WINDOW_MS,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_IP_LIMIT,
  LOGIN_IP_WINDOW_MS,
  RESET_ACCOUNT_LIMIT,
  RESET_ACCOUNT_WINDOW_MS,
  RESET_IP_LIMIT,
  RESET_IP_WINDOW_MS,
  MAIL_ACCOUNT_LIMIT,
  MAIL_ACCOUNT_WINDOW_MS,
  REGISTER_IP_LIMIT,
  REGISTER_IP_WINDOW_MS,
  FORM_IP_LIMIT,
  FORM_IP_WINDOW_MS,
} from "../../contract/constants";
import { AUTH_MESSAGES } from "../../contract/auth";
import { DEVICE_CODE_ATTEMPTS_LIMIT, DEVICE_CODE_ATTEMPTS_WINDOW_MS, DEVICE_CODE_ISSUE_LIMIT, DEVICE_CODE_ISSUE_WINDOW_MS } from "../../contract/devices";
import { ApiError } from "../../lib/errors";
import { hit, refund, type RateRule, type WindowState } from "../rate-limit";

export const RULES = {
  loginIp: { limit: LOGIN_IP_LIMIT, windowMs: LOGIN_IP_WINDOW_MS },
  loginAccountIp: { limit: LOGIN_ACCOUNT_LIMIT, windowMs: LOGIN_ACCOUNT_WINDOW_MS },
  loginAccount: { limit: LOGIN_ACCOUNT_ALL_IPS_LIMIT, windowMs: LOGIN_ACCOUNT_ALL_IPS_WINDOW_MS },
  resetIp: { limit: RESET_IP_LIMIT, windowMs: RESET_IP_WINDOW_MS },
  resetAccount: { limit: RESET_ACCOUNT_LIMIT, windowMs: RESET_ACCOUNT_WINDOW_MS },
  mailAccount: { limit: MAIL_ACCOUNT_LIMIT, windowMs: MAIL_ACCOUNT_WINDOW_MS },
  registerIp: { limit: REGISTER_IP_LIMIT, windowMs: REGISTER_IP_WINDOW_MS },
  formIp: { limit: FORM_IP_LIMIT, windowMs: FORM_IP_WINDOW_MS },
  deviceCode: { limit: DEVICE_CODE_ATTEMPTS_LIMIT, windowMs: DEVICE_CODE_ATTEMPTS_WINDOW_MS },
  deviceCodeIssue: { limit: DEVICE_CODE_ISSUE_LIMIT, windowMs: DEVICE_CODE_ISSUE_WINDOW_MS },
} satisfies Record<string, RateRule>;

export const throttleKeys = {
  loginIp: (channelId: number, ip: string) => `login:ip:${channelId}:${ip}`,
  loginAccountIp: (channelId: number, email: string, ip: string) => `login:acct-ip:${channelId}:${email}:${ip}`,
  loginAccount: (channelId: number, email: string) => `login:acct:${channelId}:${email}`,
  resetIp: (channelId: number, ip: string) => `reset:ip:${channelId}:${ip}`,
  resetAccount: (channelId: number, email: string) => `reset:acct:${channelId}:${email}`,
  mailAccount: (channelId: number, userId: number) => `mail:acct:${channelId}:${userId}`,
  registerIp: (channelId: number, ip: string) => `register:ip:${channelId}:${ip}`,
  formIp: (channelId: number, ip: string) => `form:ip:${channelId}:${ip}`,
  deviceCodeAccount: (channelId: number, userId: number) => `device:acct:${channelId}:${userId}`,
  deviceCodeIp: (channelId: number, ip: string) => `device:ip:${channelId}:${ip}`,
  deviceCodeIssueIp: (channelId: number, ip: string) => `device:issue:${channelId}:${ip}`,
};

/** 429 with the seconds to wait; the API's error handler copies retry_after into a Retry-After header. */
export class ThrottledError extends ApiError {
  constructor(readonly retryAfter: number) {
    super(429, AUTH_MESSAGES.throttled);
  }

  /** Refused until `until` (ms epoch). */
  static until(until: number, now: number): ThrottledError {
    return new ThrottledError(Math.max(1, Math.ceil((until - now) / 1000)));
  }

  override toBody() {
    return { message: this.message, retry_after: this.retryAfter };
  }
}

type Limiter = Pick<Env, "RATE_LIMITER">;

const local = new Map<string, WindowState>();

async function hitKey(env: Partial<Limiter>, key: string, rule: RateRule, now: number, cost = 1) {
  if (env.RATE_LIMITER) return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key)).hit(rule, now, cost);
  const { state, ...decision } = hit(local.get(key) ?? null, rule, now, cost);
  local.set(key, state);
  return decision;
}

/** Counts one attempt (or `cost`) against every rule given; throws ThrottledError when any is over its limit. */
export async function throttle(env: Partial<Limiter>, now: number, checks: [key: string, rule: RateRule, cost?: number][]): Promise<void> {
  const decisions = await Promise.all(checks.map(([key, rule, cost]) => hitKey(env, key, rule, now, cost)));
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length) {
    throw ThrottledError.until(Math.max(...refused.map((d) => d.resetAt)), now);
  }
}

/** Counts one attempt against `rule` and says whether it was within the limit, for a caller that decides what to do past it. */
export async function countAttempt(env: Partial<Limiter>, now: number, key: string, rule: RateRule): Promise<{ allowed: boolean; resetAt: number }> {
  const { allowed, resetAt } = await hitKey(env, key, rule, now);
  return { allowed, resetAt };
}

/** Gives back one counted attempt per key (a sign-in that succeeded is no attempt to limit). */
export async function refundAttempts(env: Partial<Limiter>, now: number, checks: [key: string, rule: RateRule][]): Promise<void> {
  await Promise.all(
    checks.map(async ([key, rule]) => {
      if (env.RATE_LIMITER) return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key)).refund(rule, now);
      const state = refund(local.get(key) ?? null, rule, now);
      if (state) local.set(key, state);
    }),
  );
}

/** Forgets a key's attempts (a successful sign-in clears the account's failures). */
export async function clearThrottle(env: Partial<Limiter>, key: string): Promise<void> {
  if (env.RATE_LIMITER) await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key)).reset();
  else local.delete(key);
}
