// One Durable Object per rate-limit key (e.g. "login:ip:<channel>:<ip>"): a single-threaded counter, so
// concurrent attempts cannot race past the limit. The caller passes the clock, so tests can move time.
import { DurableObject } from "cloudflare:workers";
import { hit, refund, type RateDecision, type RateRule, type WindowState } from "../services/rate-limit";

export class RateLimiter extends DurableObject<Env> {
  async hit(rule: RateRule, now: number, cost = 1): Promise<Omit<RateDecision, "state">> {
    const previous = (await this.ctx.storage.get<WindowState>("window")) ?? null;
    const { state, ...decision } = hit(previous, rule, now, cost);
    await this.ctx.storage.put("window", state);
    // Nothing to keep once the window is over. The alarm runs on the real clock, whatever clock the caller uses.
    await this.ctx.storage.setAlarm(Date.now() + rule.windowMs + 1_000);
    return decision;
  }

  /** Give back an attempt counted in the current window (a sign-in that succeeded). */
  async refund(rule: RateRule, now: number, cost = 1): Promise<void> {
    const previous = (await this.ctx.storage.get<WindowState>("window")) ?? null;
    const state = refund(previous, rule, now, cost);
    if (state && state !== previous) await this.ctx.storage.put("window", state);
  }

  /** Forget the window (a successful sign-in clears the account's failures). */
  async reset(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
