// Issue 15, ADR 021: wrong passwords lock an account for one IP, not for everyone; guessing spread over many IPs meets
// a per-account limit, which a known device (its device token, or an IP the account has a live session from) passes.
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, type AuthSession } from "@api/contract/auth";
import { LOGIN_ACCOUNT_ALL_IPS_LIMIT, LOGIN_ACCOUNT_LIMIT, LOGIN_ACCOUNT_WINDOW_MS } from "@api/contract/constants";
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
const login = (c: Client, email: string, password: string, ip: string, deviceToken?: string) =>
  c.post("/api/v2/auth/login", { email, password, ...(deviceToken ? { device_token: deviceToken } : {}) }, undefined, from(ip));

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

describe("guessing spread over many IPs", () => {
  it(`meets the per-account limit after ${LOGIN_ACCOUNT_ALL_IPS_LIMIT} attempts, whatever the IP`, { timeout: 60_000 }, async () => {
    const email = freshEmail("spread");
    await registerUser(alpha, email);
    await distributedGuesses(email, LOGIN_ACCOUNT_ALL_IPS_LIMIT);
    // A new IP with the right password, no device token, no session from there: refused until the window ends.
    const ip = newIp();
    expect((await login(alpha, email, PASSWORD, ip)).status).toBe(429);
    // The same account on another channel is another account.
    await registerUser(beta, email);
    expect((await login(beta, email, PASSWORD, ip)).status).toBe(200);
    const start = clock.now;
    clock.now += LOGIN_ACCOUNT_WINDOW_MS + 1;
    try {
      expect((await login(alpha, email, PASSWORD, ip)).status).toBe(200);
    } finally {
      clock.now = start;
    }
  });

  it("lets the owner's browser in with its device token, from anywhere", { timeout: 60_000 }, async () => {
    const email = freshEmail("owner");
    await registerUser(alpha, email);
    const first = await login(alpha, email, PASSWORD, newIp());
    const { token, device_token } = (await json<Data<AuthSession>>(first)).data;
    expect(device_token).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    // Signed out: that IP has no live session any more, only the browser's token remains.
    expect((await alpha.post("/api/auth/logout", {}, token)).status).toBe(200);

    // The owner's own first sign-in, from an unknown device then, was one of the window's attempts.
    await distributedGuesses(email, LOGIN_ACCOUNT_ALL_IPS_LIMIT - 1);
    const travelling = newIp();
    expect((await login(alpha, email, PASSWORD, travelling)).status).toBe(429);
    const owner = await login(alpha, email, PASSWORD, travelling, device_token);
    expect(owner.status).toBe(200);
    // A token of another account, or a forged one, is no key.
    const other = freshEmail("other");
    await registerUser(alpha, other);
    const otherToken = (await json<Data<AuthSession>>(await login(alpha, other, PASSWORD, newIp()))).data.device_token;
    expect((await login(alpha, email, PASSWORD, newIp(), otherToken)).status).toBe(429);
    const forged = device_token!.replace(/\.[\w-]+$/, ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect((await login(alpha, email, PASSWORD, newIp(), forged)).status).toBe(429);
  });

  it("lets the owner in from an IP the account has a live session from", { timeout: 60_000 }, async () => {
    const email = freshEmail("home");
    await registerUser(alpha, email);
    const home = newIp();
    expect((await login(alpha, email, PASSWORD, home)).status).toBe(200);
    await distributedGuesses(email, LOGIN_ACCOUNT_ALL_IPS_LIMIT - 1);
    expect((await login(alpha, email, PASSWORD, newIp())).status).toBe(429);
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
