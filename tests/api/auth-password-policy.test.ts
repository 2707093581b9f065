// Issue 15: a new password may not be a common one or the account's email (ASVS 6.2), wherever it is set; and a
// reset link can be checked without being used, so the page can say it was used or expired. Issue 25 (ADR 028): nor
// one zxcvbn finds easy to guess, the channel's name and title and the user's name counting as known words.
import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "@api/contract/auth";
import { RESET_LINK_TTL_MS } from "@api/contract/constants";
import { seedChannels } from "./fixtures";
import { client, clockedApi, freshEmail, json, loginUser, PASSWORD, registerUser, requestResetLink, type Client } from "./auth-helpers";

const { app, clock } = clockedApi();
let alpha: Client;

beforeAll(async () => {
  await seedChannels();
  alpha = await client(app, "alpha");
});

type Refusal = { message: string; errors?: Record<string, string[]> };
const refusal = (res: Response) => json<Refusal>(res);

/** The four: two that are common enough, the channel's name and its site's title (tests/api/fixtures.ts). */
const WEAK = ["Password123!", "letmein123", "Alpha Sports", "Alpha Sports Live"];
/** A passphrase of unrelated words: accepted everywhere. */
const STRONG = "Velvet-tundra-cactus-ladder";

/** The bad passwords for `email`, with the message each must get. */
const badPasswords = (email: string): [string, string][] => [
  ["password", AUTH_MESSAGES.passwordTooCommon],
  ["12345678", AUTH_MESSAGES.passwordTooCommon],
  ["Qwertyuiop", AUTH_MESSAGES.passwordTooCommon],
  [email.toUpperCase(), AUTH_MESSAGES.passwordHasEmail],
  [`${email.split("@")[0]}!2026`, AUTH_MESSAGES.passwordHasEmailName],
  ...WEAK.map((password): [string, string] => [password, AUTH_MESSAGES.passwordTooWeak]),
];

async function expectRefused(res: Response, message: string) {
  expect(res.status).toBe(422);
  const body = await refusal(res);
  expect(body.message).toBe(message);
  expect(body.errors?.password).toEqual([message]);
}

describe("registration", () => {
  it("refuses a common password and one made of the email, and creates no account", async () => {
    const email = freshEmail("policy");
    for (const [password, message] of badPasswords(email)) {
      const res = await alpha.post("/api/v2/auth/register", { first_name: "Ada", last_name: "Lovelace", email, password, password_confirmation: password, terms: true });
      await expectRefused(res, message);
    }
    expect((await alpha.post("/api/v2/auth/login", { email, password: "password" })).status).toBe(422);
    await registerUser(alpha, email, { password: STRONG, password_confirmation: STRONG });
    await loginUser(alpha, email, STRONG);
  });
});

describe("password change", () => {
  it("refuses a common password and the email, keeps the old one, then takes a good one", async () => {
    const email = freshEmail("policy");
    const { token } = await registerUser(alpha, email);
    for (const [password, message] of badPasswords(email)) {
      const res = await alpha.post("/api/profile", { _method: "patch", current_password: PASSWORD, password, password_confirmation: password }, token);
      await expectRefused(res, message);
    }
    // The new email counts too when both change at once.
    const newEmail = freshEmail("renamed");
    const both = `${newEmail.split("@")[0]}-pass`;
    await expectRefused(
      await alpha.post("/api/profile", { _method: "patch", email: newEmail, current_password: PASSWORD, password: both, password_confirmation: both }, token),
      AUTH_MESSAGES.passwordHasEmailName,
    );
    await loginUser(alpha, email, PASSWORD);
    // The user's own name is a known word, whatever is added to it.
    await expectRefused(await alpha.post("/api/profile", { _method: "patch", current_password: PASSWORD, password: "Lovelace1815!", password_confirmation: "Lovelace1815!" }, token), AUTH_MESSAGES.passwordTooWeak);
    const ok = await alpha.post("/api/profile", { _method: "patch", current_password: PASSWORD, password: STRONG, password_confirmation: STRONG }, token);
    expect(ok.status).toBe(200);
    await loginUser(alpha, email, STRONG);
  });
});

describe("password reset", () => {
  it("refuses a common password and the email without using up the link", async () => {
    const email = freshEmail("policy");
    await registerUser(alpha, email);
    const { params } = await requestResetLink(alpha, email);
    for (const [password, message] of badPasswords(email)) {
      await expectRefused(await alpha.post("/api/auth/password-reset", { ...params, password, password_confirmation: password }), message);
    }
    expect((await alpha.post("/api/auth/password-reset/check", params)).status).toBe(200);
    expect((await alpha.post("/api/auth/password-reset", { ...params, password: STRONG, password_confirmation: STRONG })).status).toBe(200);
    await loginUser(alpha, email, STRONG);
  });
});

describe("checking a reset link", () => {
  it("answers valid without using the link, then says it was used", async () => {
    const email = freshEmail("check");
    await registerUser(alpha, email);
    const { params } = await requestResetLink(alpha, email);
    for (let i = 0; i < 2; i++) {
      const res = await alpha.post("/api/auth/password-reset/check", params);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { valid: true } });
    }
    expect((await alpha.post("/api/auth/password-reset", { ...params, password: "Tall-ocean-42", password_confirmation: "Tall-ocean-42" })).status).toBe(200);
    const used = await alpha.post("/api/auth/password-reset/check", params);
    expect(used.status).toBe(422);
    expect((await refusal(used)).message).toBe(AUTH_MESSAGES.resetLinkUsed);
  });

  it("says an expired link expired, and a tampered one failed", async () => {
    const email = freshEmail("check");
    await registerUser(alpha, email);
    const { params } = await requestResetLink(alpha, email);
    const tampered = await alpha.post("/api/auth/password-reset/check", { ...params, signature: `${params.signature.slice(0, -2)}AB` });
    expect(tampered.status).toBe(422);
    expect((await refusal(tampered)).message).toBe(AUTH_MESSAGES.resetFailed);
    const start = clock.now;
    clock.now += RESET_LINK_TTL_MS + 1;
    try {
      const expired = await alpha.post("/api/auth/password-reset/check", params);
      expect(expired.status).toBe(422);
      expect((await refusal(expired)).message).toBe(AUTH_MESSAGES.resetKeyExpired);
    } finally {
      clock.now = start;
    }
  });

  it("answers 422 to a malformed link", async () => {
    expect((await alpha.post("/api/auth/password-reset/check", { email: "nope", expires: "x" })).status).toBe(422);
  });
});
