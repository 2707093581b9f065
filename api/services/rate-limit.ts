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

/**
 * Counts an attempt of `cost` (1 unless a request weighs more, e.g. a batch of records) at `now` against `rule`,
 * starting a new window when the old one has ended. Refused attempts are not counted.
 */
export function hit(previous: WindowState | null, rule: RateRule, now: number, cost = 1): RateDecision {
  const state = previous && now < previous.start + rule.windowMs && now >= previous.start ? { ...previous } : { start: now, count: 0 };
  const allowed = state.count + cost <= rule.limit;
  if (allowed) state.count += cost;
  return { allowed, remaining: Math.max(0, rule.limit - state.count), resetAt: state.start + rule.windowMs, state };
}

/**
 * Gives back `cost` of an attempt counted at `now` (a sign-in that succeeded counts for nothing), within the window it
 * was counted in: a window that has ended since owes nothing, and a count never goes below zero.
 */
export function refund(previous: WindowState | null, rule: RateRule, now: number, cost = 1): WindowState | null {
  if (!previous || now < previous.start || now >= previous.start + rule.windowMs) return previous;
  return { ...previous, count: Math.max(0, previous.count - cost) };
}
