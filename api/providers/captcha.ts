// Captcha on register, sign-in and reset requests (SPEC §8 captcha messages). Cloudflare Turnstile checks the
// token when a secret is configured; locally (no secret) the check is off, so development and tests need no
// network.
import { AUTH_MESSAGES } from "../contract/auth";
import { appConfig } from "../env";
import { ApiError } from "../lib/errors";
import { LOCAL_CAPTCHA_TOKEN } from "../contract/auth";

export interface CaptchaVerifier {
  /** Whether a token is expected at all. */
  readonly enabled: boolean;
  verify(token: string, ip: string | null): Promise<boolean>;
}

export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export class TurnstileVerifier implements CaptchaVerifier {
  readonly enabled = true;
  constructor(
    private readonly secret: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async verify(token: string, ip: string | null): Promise<boolean> {
    const form = new FormData();
    form.set("secret", this.secret);
    form.set("response", token);
    if (ip) form.set("remoteip", ip);
    try {
      const res = await this.fetcher(TURNSTILE_VERIFY_URL, { method: "POST", body: form });
      if (!res.ok) return false;
      const body = (await res.json()) as { success?: unknown };
      return body.success === true;
    } catch {
      // An unreachable verifier must not let robots through.
      return false;
    }
  }
}

export const noCaptcha: CaptchaVerifier = { enabled: false, verify: async () => true };

export function captchaVerifier(env: object, fetcher?: typeof fetch): CaptchaVerifier {
  const secret = appConfig(env).TURNSTILE_SECRET;
  return secret ? new TurnstileVerifier(secret, fetcher) : noCaptcha;
}

/** Throws the SPEC's 422 when the captcha is on and the token is missing or refused. */
export async function requireCaptcha(verifier: CaptchaVerifier, token: string | undefined, ip: string | null): Promise<void> {
  if (!verifier.enabled) return;
  if (!token) throw new ApiError(422, AUTH_MESSAGES.captchaRequired, { captcha_token: [AUTH_MESSAGES.captchaRequired] });
  if (!(await verifier.verify(token, ip))) throw new ApiError(422, AUTH_MESSAGES.captchaInvalid, { captcha_token: [AUTH_MESSAGES.captchaInvalid] });
}

export { LOCAL_CAPTCHA_TOKEN };

/**
 * The local stand-in for a captcha the API asks for itself (sign-in past the per-account limit, ADR 028), where no
 * Turnstile is configured: the login page's checkbox sends LOCAL_CAPTCHA_TOKEN. Outside production only.
 */
export const localCaptcha: CaptchaVerifier = { enabled: true, verify: async (token) => token === LOCAL_CAPTCHA_TOKEN };

/**
 * The captcha a step-up asks for: Turnstile when configured, else the local stand-in outside production; null in
 * production without Turnstile, where nothing can tell a person from a script (the caller then refuses).
 */
export function stepUpCaptchaVerifier(env: Pick<Env, "TURNSTILE_SECRET" | "APP_ENV">, fetcher?: typeof fetch): CaptchaVerifier | null {
  const configured = captchaVerifier(env, fetcher);
  if (configured.enabled) return configured;
  return env.APP_ENV === "production" ? null : localCaptcha;
}
