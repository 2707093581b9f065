// Fixed-window rate limiting as a pure rule; the RateLimiter Durable Object stores the windows.

export interface RateRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface WindowState {
  start: number;
  count: number;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** When the current window ends (ms epoch). */
  resetAt: number;
  state: WindowState;
}

/** Counts one attempt at `now` against `rule`, starting a new window when the old one has ended. */
export function hit(previous: WindowState | null, rule: RateRule, now: number): RateDecision {
  const state = previous && now < previous.start + rule.windowMs && now >= previous.start ? { ...previous } : { start: now, count: 0 };
  const allowed = state.count < rule.limit;
  if (allowed) state.count += 1;
  return { allowed, remaining: Math.max(0, rule.limit - state.count), resetAt: state.start + rule.windowMs, state };
}
