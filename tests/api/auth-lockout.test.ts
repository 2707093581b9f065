// Issue 15, ADR 021: wrong passwords lock an account for one IP, not for everyone; guessing spread over many IPs meets
// a per-account limit, which a known device (its device token, or an IP the account has a live session from) passes.
// Issue 25, ADR 028: only failures count, and past the per-account limit an unknown device is asked for a captcha.
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, type AuthSession } from "@api/contract/auth";
import { LOGIN_ACCOUNT_ALL_IPS_LIMIT, LOGIN_ACCOUNT_LIMIT, LOGIN_ACCOUNT_WINDOW_MS, LOGIN_IP_LIMIT } from "@api/contract/constants";
import { LOCAL_CAPTCHA_TOKEN } from "@api/providers/captcha";
import { seedChannels } from "./fixtures";
import { client, clockedApi, freshEmail, json, PASSWORD, registerUser, type Client, type Data } from "./auth-helpers";

const { app, clock } = clockedApi();
let alpha: Client;
let beta: Client;

beforeAll(async () => {
  await seedChannels();
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
});

const RUN = Math.floor(Math.random() * 250);
let ipCounter = 0;
/** A fresh address per call (documentation range), so these tests' attempts never share a counter. */
const newIp = () => `198.18.${RUN}.${++ipCounter}`;
const from = (ip: string) => ({ "cf-connecting-ip": ip });
const login = (c: Client, email: string, password: string, ip: string, deviceToken?: string, captcha?: string) =>
  c.post("/api/v2/auth/login", { email, password, ...(deviceToken ? { device_token: deviceToken } : {}), ...(captcha ? { captcha_token: captcha } : {}) }, undefined, from(ip));

type Refusal = { message: string; errors?: Record<string, string[]> };

/** The per-account step-up: a 422 in SPEC §8's captcha words, on the captcha field. */
async function expectCaptchaAsked(res: Response, message: string = AUTH_MESSAGES.captchaRequired) {
  expect(res.status).toBe(422);
  expect(await json<Refusal>(res)).toEqual({ message, errors: { captcha_token: [message] } });
}

/** Wrong guesses from `count` different IPs, each answered as a wrong password. */
async function distributedGuesses(email: string, count: number) {
  for (let i = 0; i < count; i++) expect((await login(alpha, email, "not-the-password", newIp())).status).toBe(422);
}

describe("sign-in lockout per account and IP", () => {
  it(`${LOGIN_ACCOUNT_LIMIT} wrong passwords from one IP lock that IP out of the account, not another IP`, { timeout: 60_000 }, async () => {
    const email = freshEmail("lock");
    await registerUser(alpha, email);
    const [a, b] = [newIp(), newIp()];
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i++) expect((await login(alpha, email, "not-the-password", a)).status).toBe(422);
    const locked = await login(alpha, email, PASSWORD, a);
    expect(locked.status).toBe(429);
    expect((await json<{ message: string }>(locked)).message).toBe(AUTH_MESSAGES.throttled);
    // The owner elsewhere signs in.
    expect((await login(alpha, email, PASSWORD, b)).status).toBe(200);
    // IP A waits out the window, then it may try again.
    const start = clock.now;
    clock.now += LOGIN_ACCOUNT_WINDOW_MS + 1;
    try {
      expect((await login(alpha, email, PASSWORD, a)).status).toBe(200);
    } finally {
      clock.now = start;
    }
  });
});

describe("one address, many accounts (a school, an office)", () => {
  it(`signs in more than ${LOGIN_IP_LIMIT} times: successes do not use up the address's allowance`, { timeout: 120_000 }, async () => {
    const ip = newIp();
    const emails = [freshEmail("class"), freshEmail("class")];
    for (const email of emails) await registerUser(alpha, email);
    for (let i = 0; i <= LOGIN_IP_LIMIT; i++) expect((await login(alpha, emails[i % 2], PASSWORD, ip)).status, `sign-in ${i + 1}`).toBe(200);
  });
});

describe("guessing spread over many IPs", () => {
  it(`asks an unknown device for a captcha after ${LOGIN_ACCOUNT_ALL_IPS_LIMIT} failures, whatever the IP`, { timeout: 60_000 }, async () => {
    const email = freshEmail("spread");
    await registerUser(alpha, email);
    await distributedGuesses(email, LOGIN_ACCOUNT_ALL_IPS_LIMIT);
    // A new IP with the right password, no device token, no session from there: asked for a captcha, not refused.
    const ip = newIp();
    await expectCaptchaAsked(await login(alpha, email, PASSWORD, ip));
    await expectCaptchaAsked(await login(alpha, email, PASSWORD, ip, undefined, "not-a-captcha"), AUTH_MESSAGES.captchaInvalid);
    // The same account on another channel is another account.
    await registerUser(beta, email);
    expect((await login(beta, email, PASSWORD, ip)).status).toBe(200);
    const start = clock.now;
    clock.now += LOGIN_ACCOUNT_WINDOW_MS + 1;
    try {
      expect((await login(alpha, email, PASSWORD, newIp())).status).toBe(200);
    } finally {
      clock.now = start;
    }
  });

  it("signs the owner in from a new device with the right password and a captcha; a wrong one still fails", { timeout: 60_000 }, async () => {
    const email = freshEmail("captcha");
    await registerUser(alpha, email);
    await distributedGuesses(email, LOGIN_ACCOUNT_ALL_IPS_LIMIT);
    const wrong = await login(alpha, email, "not-the-password", newIp(), undefined, LOCAL_CAPTCHA_TOKEN);
    expect(wrong.status).toBe(422);
    expect((await json<Refusal>(wrong)).message).toBe(AUTH_MESSAGES.wrongAuthData);
    const ok = await login(alpha, email, PASSWORD, newIp(), undefined, LOCAL_CAPTCHA_TOKEN);
    expect(ok.status).toBe(200);
    expect((await json<Data<AuthSession>>(ok)).data.device_token).toBeTruthy();
    // The owner's success does not wipe the other addresses' failures: the next new device is asked too.
    await expectCaptchaAsked(await login(alpha, email, PASSWORD, newIp()));
  });

  it("counts failures only: successful sign-ins from new devices never reach the per-account limit", { timeout: 120_000 }, async () => {
    const email = freshEmail("busy");
    await registerUser(alpha, email);
    for (let i = 0; i < LOGIN_ACCOUNT_ALL_IPS_LIMIT + 1; i++) expect((await login(alpha, email, PASSWORD, newIp())).status, `sign-in ${i + 1}`).toBe(200);
    // The window's failures alone count: one short of the limit, a new device still signs in without a captcha…
    await distributedGuesses(email, LOGIN_ACCOUNT_ALL_IPS_LIMIT - 1);
    expect((await login(alpha, email, PASSWORD, newIp())).status).toBe(200);
    // …and the failure that reaches it makes the next one ask.
    await distributedGuesses(email, 1);
    await expectCaptchaAsked(await login(alpha, email, PASSWORD, newIp()));
  });

  it("lets the owner's browser in with its device token, from anywhere", { timeout: 60_000 }, async () => {
    const email = freshEmail("owner");
    await registerUser(alpha, email);
    const first = await login(alpha, email, PASSWORD, newIp());
    const { token, device_token } = (await json<Data<AuthSession>>(first)).data;
    expect(device_token).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    // Signed out: that IP has no live session any more, only the browser's token remains.
    expect((await alpha.post("/api/auth/logout", {}, token)).status).toBe(200);

    await distributedGuesses(email, LOGIN_ACCOUNT_ALL_IPS_LIMIT);
    const travelling = newIp();
    await expectCaptchaAsked(await login(alpha, email, PASSWORD, travelling));
    const owner = await login(alpha, email, PASSWORD, travelling, device_token);
    expect(owner.status).toBe(200);
    // A token of another account, or a forged one, is no key.
    const other = freshEmail("other");
    await registerUser(alpha, other);
    const otherToken = (await json<Data<AuthSession>>(await login(alpha, other, PASSWORD, newIp()))).data.device_token;
    await expectCaptchaAsked(await login(alpha, email, PASSWORD, newIp(), otherToken));
    const forged = device_token!.replace(/\.[\w-]+$/, ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    await expectCaptchaAsked(await login(alpha, email, PASSWORD, newIp(), forged));
  });

  it("lets the owner in from an IP the account has a live session from", { timeout: 60_000 }, async () => {
    const email = freshEmail("home");
    await registerUser(alpha, email);
    const home = newIp();
    expect((await login(alpha, email, PASSWORD, home)).status).toBe(200);
    await distributedGuesses(email, LOGIN_ACCOUNT_ALL_IPS_LIMIT);
    await expectCaptchaAsked(await login(alpha, email, PASSWORD, newIp()));
    expect((await login(alpha, email, PASSWORD, home)).status).toBe(200);
  });

  it("still locks a known device's IP after its own wrong guesses", { timeout: 60_000 }, async () => {
    const email = freshEmail("known");
    await registerUser(alpha, email);
    const home = newIp();
    const { device_token } = (await json<Data<AuthSession>>(await login(alpha, email, PASSWORD, home))).data;
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i++) expect((await login(alpha, email, "not-the-password", home, device_token)).status).toBe(422);
    expect((await login(alpha, email, PASSWORD, home, device_token)).status).toBe(429);
  });
});
