// Pure account rules: capability flags, the rate-limit rule with the accounts' limits, the captcha verifier and
// the mail provider's request.
import { describe, expect, it, vi } from "vitest";
import { capabilityFlags } from "../../api/contract/auth";
import { LOGIN_ACCOUNT_LIMIT, LOGIN_ACCOUNT_WINDOW_MS } from "../../api/contract/constants";
import { captchaVerifier, LOCAL_CAPTCHA_TOKEN, localCaptcha, requireCaptcha, stepUpCaptchaVerifier, TURNSTILE_VERIFY_URL, TurnstileVerifier } from "../../api/providers/captcha";
import { mailProvider, ResendProvider } from "../../api/providers/email/provider";
import { renderMail } from "../../api/providers/email/templates";
import { mailLinks } from "../../api/providers/email/outbox";
import { hit, refund, type WindowState } from "../../api/services/rate-limit";
import { capabilityList } from "../../api/services/auth/users";
import { countAttempt, refundAttempts, RULES, throttle, ThrottledError } from "../../api/services/auth/throttle";

describe("capabilityFlags", () => {
  it("lowercases, reads vod_media_access as vod_media and drops unknown names", () => {
    const flags = capabilityFlags(["WATCH", " No_Ads ", "vod_media_access", "teleport"]);
    expect(flags).toEqual({ watch: true, download: false, clipping: false, download_clip: false, no_ads: true, vod_media: true });
    expect(capabilityList(["Download", "vod_media"])).toEqual(["download", "vod_media"]);
  });
});

describe("the sign-in rate rule", () => {
  it("allows LOGIN_ACCOUNT_LIMIT attempts per window, then refuses until the window ends", () => {
    let state: WindowState | null = null;
    const t0 = 1_000_000;
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i++) {
      const d = hit(state, RULES.loginAccountIp, t0 + i);
      expect(d.allowed).toBe(true);
      state = d.state;
    }
    const refused = hit(state, RULES.loginAccountIp, t0 + 10);
    expect(refused.allowed).toBe(false);
    expect(refused.resetAt).toBe(t0 + LOGIN_ACCOUNT_WINDOW_MS);
    expect(hit(refused.state, RULES.loginAccountIp, t0 + LOGIN_ACCOUNT_WINDOW_MS).allowed).toBe(true);
  });

  it("a weighted attempt (a batch of records) counts its cost, and one that would pass the limit is refused whole", () => {
    const rule = { limit: 10, windowMs: 60_000 };
    const first = hit(null, rule, 0, 6);
    expect(first).toMatchObject({ allowed: true, remaining: 4 });
    const over = hit(first.state, rule, 1, 5);
    expect(over).toMatchObject({ allowed: false, remaining: 4 });
    expect(hit(over.state, rule, 2, 4)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("gives an attempt back within its window only, never below zero (a sign-in that succeeded, ADR 028)", () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const counted = hit(hit(null, rule, 0).state, rule, 1).state;
    expect(refund(counted, rule, 2)).toEqual({ start: 0, count: 1 });
    expect(refund({ start: 0, count: 0 }, rule, 2)).toEqual({ start: 0, count: 0 });
    // The window ended since: nothing is owed to the next one.
    expect(refund(counted, rule, 60_000)).toBe(counted);
    expect(refund(null, rule, 2)).toBeNull();
  });

  it("counts and gives back attempts in the in-isolate limiter too", async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    const key = `unit:${Math.random()}`;
    expect(await countAttempt({}, 0, key, rule)).toEqual({ allowed: true, resetAt: 60_000 });
    await refundAttempts({}, 1, [[key, rule]]);
    expect((await countAttempt({}, 2, key, rule)).allowed).toBe(true);
    expect((await countAttempt({}, 3, key, rule)).allowed).toBe(false);
  });

  it("falls back to an in-isolate limiter without the Durable Object binding", async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    const key = `unit:${Math.random()}`;
    await throttle({}, 0, [[key, rule]]);
    await throttle({}, 1, [[key, rule]]);
    const error = await throttle({}, 2, [[key, rule]]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThrottledError);
    expect((error as ThrottledError).toBody()).toEqual({ message: "Too many attempts. Please try again later.", retry_after: 60 });
    await expect(throttle({}, 60_001, [[key, rule]])).resolves.toBeUndefined();
  });
});

describe("captcha", () => {
  it("is off without a secret", async () => {
    const off = captchaVerifier({});
    expect(off.enabled).toBe(false);
    await expect(requireCaptcha(off, undefined, null)).resolves.toBeUndefined();
  });

  it("asks Turnstile with the secret, the token and the visitor's ip", async () => {
    const fetcher = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json({ success: true }));
    const verifier = captchaVerifier({ TURNSTILE_SECRET: "s3cret" }, fetcher as typeof fetch);
    expect(verifier).toBeInstanceOf(TurnstileVerifier);
    await expect(requireCaptcha(verifier, "tok", "192.0.2.1")).resolves.toBeUndefined();
    const [url, init] = fetcher.mock.calls[0];
    expect(url).toBe(TURNSTILE_VERIFY_URL);
    expect(init?.method).toBe("POST");
    const form = init?.body as FormData;
    expect([form.get("secret"), form.get("response"), form.get("remoteip")]).toEqual(["s3cret", "tok", "192.0.2.1"]);
  });

  it("answers the SPEC messages for a missing or refused token, and refuses when Turnstile is unreachable", async () => {
    const refuse = new TurnstileVerifier("s", (async () => Response.json({ success: false })) as typeof fetch);
    await expect(requireCaptcha(refuse, undefined, null)).rejects.toMatchObject({ status: 422, message: "Captcha token is required", errors: { captcha_token: ["Captcha token is required"] } });
    await expect(requireCaptcha(refuse, "tok", null)).rejects.toMatchObject({ status: 422, message: "Captcha is invalid or you are a robot" });
    const down = new TurnstileVerifier("s", (async () => { throw new Error("offline"); }) as typeof fetch);
    expect(await down.verify("tok", null)).toBe(false);
  });
});

describe("the step-up captcha (sign-in past the per-account limit, ADR 028)", () => {
  it("is Turnstile when configured, else the local stand-in outside production, else none", async () => {
    expect(stepUpCaptchaVerifier({ TURNSTILE_SECRET: "s", APP_ENV: "production" })).toBeInstanceOf(TurnstileVerifier);
    expect(stepUpCaptchaVerifier({ APP_ENV: "development" })).toBe(localCaptcha);
    expect(stepUpCaptchaVerifier({ APP_ENV: "production" })).toBeNull();
  });

  it("the stand-in takes Turnstile's test token only", async () => {
    await expect(requireCaptcha(localCaptcha, LOCAL_CAPTCHA_TOKEN, null)).resolves.toBeUndefined();
    await expect(requireCaptcha(localCaptcha, undefined, null)).rejects.toMatchObject({ status: 422, message: "Captcha token is required" });
    await expect(requireCaptcha(localCaptcha, "anything", null)).rejects.toMatchObject({ status: 422, message: "Captcha is invalid or you are a robot" });
  });
});

describe("mail", () => {
  const mail = { to: "fan@alpha.test", subject: "Hi", text: "Hello", html: "<p>Hello</p>" };

  it("posts a Resend-compatible request with the Bearer key", async () => {
    const fetcher = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json({ id: "msg_1" }));
    const provider = mailProvider({ MAIL_API_KEY: "re_key", MAIL_API_URL: "http://127.0.0.1:9/", MAIL_FROM: "Alpha <a@alpha.test>" }, fetcher as typeof fetch);
    expect(provider).toBeInstanceOf(ResendProvider);
    expect(await provider!.send(mail)).toEqual({ id: "msg_1" });
    const [url, init] = fetcher.mock.calls[0];
    expect(url).toBe("http://127.0.0.1:9/emails");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer re_key");
    expect(JSON.parse(String(init?.body))).toEqual({ from: "Alpha <a@alpha.test>", to: ["fan@alpha.test"], subject: "Hi", text: "Hello", html: "<p>Hello</p>" });
  });

  it("defaults to Resend's API, is off without a key, and throws on a refusal", async () => {
    const fetcher = vi.fn(async () => Response.json({ message: "invalid key" }, { status: 401 }));
    const provider = mailProvider({ MAIL_API_KEY: "k" }, fetcher as typeof fetch)!;
    await expect(provider.send(mail)).rejects.toThrow(/401: invalid key/);
    expect((fetcher.mock.calls[0] as unknown[])[0]).toBe("https://api.resend.com/emails");
    expect(mailProvider({})).toBeNull();
  });

  it("renders in the user's language with the channel's branding, escaping HTML", () => {
    const branding = { name: "Beta <TV>", logoUrl: "http://beta.localhost/api/assets/logo.svg", primary: "#e63946" };
    const fr = renderMail({ kind: "password_reset", language: "fr", branding, firstName: "Zoé", link: "http://beta.localhost/password-reset?a=1&b=2" });
    expect(fr.subject).toBe("Réinitialisez votre mot de passe Beta <TV>");
    expect(fr.text).toContain("Bonjour Zoé,");
    expect(fr.html).toContain("Beta &#60;TV&#62;");
    expect(fr.html).toContain("background:#e63946");
    expect(fr.html).toContain('src="http://beta.localhost/api/assets/logo.svg"');
    expect(mailLinks(fr.text)).toEqual(["http://beta.localhost/password-reset?a=1&b=2"]);
    const en = renderMail({ kind: "delete_account", language: "en", branding: { ...branding, logoUrl: null }, firstName: "", link: "http://x.localhost/confirm-account-deletion" });
    expect(en.text.startsWith("Hello,")).toBe(true);
  });

  it("names the new address in the mails of an email change, escaped in HTML", () => {
    const branding = { name: "Alpha", logoUrl: null, primary: "#1d4ed8" };
    const notice = renderMail({ kind: "email_change_notice", language: "en", branding, firstName: "Ada", link: "http://a.localhost/password-reset-request", newEmail: "new<x>@example.test" });
    expect(notice.text).toContain("changed to new<x>@example.test");
    expect(notice.html).toContain("new&#60;x&#62;@example.test");
    const fr = renderMail({ kind: "email_change_notice", language: "fr", branding, firstName: "", link: "http://a.localhost/password-reset-request", newEmail: "n@example.test" });
    expect(fr.text).toContain("remplacée par n@example.test");
    expect(renderMail({ kind: "change_email", language: "en", branding, firstName: "", link: "http://a.localhost/verify-email?x=1" }).subject).toBe("Confirm your new email address for Alpha");
  });
});
