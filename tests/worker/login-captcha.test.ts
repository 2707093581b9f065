// Issue 25, ADR 028: past the per-account limit, the API asks an unknown browser for a captcha instead of refusing it;
// the login page then shows the captcha (here the local stand-in: no Turnstile is configured) and signs in with it.
import { describe, expect, it } from "vitest";
import { LOCAL_CAPTCHA_TOKEN } from "@api/contract/auth";
import { LOGIN_ACCOUNT_ALL_IPS_LIMIT } from "@api/contract/constants";
import en from "~/locales/en/auth.json";
import fr from "~/locales/fr/auth.json";
import { loadChannel, select, send, type TestChannel } from "./harness";

const RUN = Math.floor(Math.random() * 250);
let ipCounter = 0;
/** A fresh address per call (a benchmarking range), so no other test shares these counters. */
const newIp = () => `198.18.${RUN}.${++ipCounter}`;

/** The login form posted from `ip` by a browser without a known-device cookie, as a document (no script). */
const postLogin = (ch: TestChannel, ip: string, form: Record<string, string>, lang = "en") =>
  send(ch.url("/login"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ch.origin, "cf-connecting-ip": ip, cookie: `lng=${lang}` },
    body: new URLSearchParams(form).toString(),
  });

/** Wrong passwords for `email` from as many addresses as the per-account limit allows. */
async function spreadGuesses(ch: TestChannel, email: string) {
  for (let i = 0; i < LOGIN_ACCOUNT_ALL_IPS_LIMIT; i++) expect((await postLogin(ch, newIp(), { email, password: `wrong-${i}` })).status).toBe(422);
}

const standIn = (html: string) => select(html, `input[type="checkbox"][name="captcha_token"]`);

describe("the login page past the per-account limit", () => {
  it("shows no captcha before it is asked for", async () => {
    const ch = await loadChannel("alpha");
    const page = await send(ch.url("/login"));
    expect(await standIn(await page.text())).toEqual([]);
  });

  it("shows the captcha when the API asks for it, and signs the owner in with it", { timeout: 90_000 }, async () => {
    const ch = await loadChannel("alpha");
    const fan = ch.user("fan");
    await spreadGuesses(ch, fan.email);

    const ip = newIp();
    const asked = await postLogin(ch, ip, { email: fan.email, password: fan.password });
    expect(asked.status).toBe(422);
    const html = await asked.text();
    const [box] = await standIn(html);
    expect(box?.attributes.value).toBe(LOCAL_CAPTCHA_TOKEN);
    expect((await select(html, 'label[for="captcha-stand-in"]')).map((e) => e.text)).toEqual([en.captcha.standIn]);
    expect((await select(html, '[role="alert"]')).map((e) => e.text)).toContain(en.captcha.asked);
    expect((await select(html, "#captcha-stand-in-error")).map((e) => e.text)).toEqual([en.messages.captchaRequired]);

    // A wrong password with the captcha is still wrong, and the captcha stays on the page.
    const wrong = await postLogin(ch, ip, { email: fan.email, password: "not-the-password", captcha_token: LOCAL_CAPTCHA_TOKEN });
    expect(wrong.status).toBe(422);
    expect(await standIn(await wrong.text())).toHaveLength(1);

    const signedIn = await postLogin(ch, ip, { email: fan.email, password: fan.password, captcha_token: LOCAL_CAPTCHA_TOKEN });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("set-cookie")).toContain("sid=");
  });

  it("asks in the visitor's language", { timeout: 90_000 }, async () => {
    const ch = await loadChannel("alpha");
    const fan = ch.user("fan");
    await spreadGuesses(ch, fan.email);
    const html = await (await postLogin(ch, newIp(), { email: fan.email, password: fan.password }, "fr")).text();
    expect((await select(html, 'label[for="captcha-stand-in"]')).map((e) => e.text)).toEqual([fr.captcha.standIn]);
    expect((await select(html, '[role="alert"]')).map((e) => e.text)).toContain(fr.captcha.asked);
  });
});
