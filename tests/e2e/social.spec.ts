// Google sign-in on both channels, each in its own language, against a local OAuth/OIDC server
// (oauth2-mock-server) that the e2e server knows as OAUTH_LOCAL_ISSUER (scripts/e2e-server.ts: port + 2).
import type { APIRequestContext, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { CHROMIUM_PATH, chromiumArgs } from "../../scripts/lib/chromium";
import { startOAuthMock, type OAuthMock } from "../../scripts/lib/oauth-mock";
import { PORT, acceptCookies, channelUrl, expect, test } from "./fixtures";

const CHANNELS = [
  { alias: "alpha", lang: "en", continue: "Continue with Google", notRegistered: /You are not registered yet/, terms: /I accept the/ },
  { alias: "beta", lang: "fr", continue: "Continuer avec Google", notRegistered: /Vous n'êtes pas encore inscrit/, terms: /J'accepte les/ },
] as const;

// One OAuth server on a fixed port for the whole file, so its tests run one after another in one worker.
test.describe.configure({ mode: "serial" });
// The browser goes to the OAuth server at 127.0.0.1, which the offline resolver rules otherwise refuse.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs(["alpha-sports.test", "127.0.0.1"]) } });

let mock: OAuthMock;
test.beforeAll(async () => {
  mock = await startOAuthMock(PORT + 2);
});
test.afterAll(async () => {
  await mock?.stop();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Calls the API of a channel from Node (which does not resolve *.localhost): 127.0.0.1 with the channel's Host. */
async function apiPost<T>(request: APIRequestContext, alias: string, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await request.post(`http://127.0.0.1:${PORT}/api/${path}`, { headers: { host: `${alias}.localhost:${PORT}` }, data: body });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function apiKey(request: APIRequestContext, alias: string): Promise<string> {
  const channel = JSON.parse(readFileSync(`tenants/${alias}/channel.json`, "utf8")) as { channel_key: string };
  return (await apiPost<{ api_key: string }>(request, alias, "get_api_key", { channel_key: channel.channel_key })).api_key;
}

/** A registered account whose email is verified through its mailed link (an existing user of the channel). */
async function verifiedUser(request: APIRequestContext, alias: string, user: { email: string; first_name: string; last_name: string }) {
  const api_key = await apiKey(request, alias);
  const password = "correct horse battery";
  await apiPost(request, alias, "v2/auth/register", { api_key, ...user, password, password_confirmation: password, terms: true });
  const outbox = await request.get(`http://127.0.0.1:${PORT}/api/dev/outbox?api_key=${api_key}`, { headers: { host: `${alias}.localhost:${PORT}` } });
  const mails = ((await outbox.json()) as { data: { to: string; links: string[] }[] }).data;
  const link = new URL(mails.find((m) => m.to === user.email)!.links[0]!);
  const q = Object.fromEntries(link.searchParams);
  await apiPost(request, alias, "auth/email-verify", { api_key, email: q.email, expires: Number(q.expires), signature: q.signature });
}

async function expectSignedIn(page: Page, name: string) {
  // The header's account menu names the user (the drawer holds a hidden copy for small screens).
  await expect(page.locator("header .user-menu__name")).toHaveText(name);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "sid")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // The one-time state cookie is gone once the flow ends.
  expect(cookies.find((c) => c.name === "oauth_state")).toBeUndefined();
}

for (const ch of CHANNELS) {
  test.describe(`${ch.alias} channel (${ch.lang})`, () => {
    test("a new user accepts the terms, then registers with Google", async ({ page }) => {
      const id = unique();
      mock.signInAs({ sub: `google-${id}`, email: `new.${id}@example.test`, email_verified: true, given_name: "Nora", family_name: `Google${id}` });

      await page.goto(channelUrl(ch.alias, "/login"));
      await acceptCookies(page);
      await page.getByRole("link", { name: ch.continue }).click();

      // Back from the provider: unknown here, so the registration page asks for the terms first.
      await expect(page).toHaveURL(/\/registration\?social=not_registered&provider=google/);
      await expect(page.getByText(ch.notRegistered)).toBeVisible();
      expect((await page.context().cookies()).find((c) => c.name === "sid")).toBeUndefined();

      await page.getByRole("checkbox", { name: ch.terms }).check();
      await page.getByRole("button", { name: ch.continue }).click();
      await expect(page).toHaveURL(channelUrl(ch.alias, "/"));
      await expectSignedIn(page, `Nora Google${id}`);
    });

    test("an existing user with the same verified email signs in with Google and comes back", async ({ page, request }) => {
      const id = unique();
      const email = `fan.${id}@example.test`;
      await verifiedUser(request, ch.alias, { email, first_name: "Fiona", last_name: `Fan${id}` });
      // Google knows the person under another name: the account keeps its own.
      mock.signInAs({ sub: `google-${id}`, email, email_verified: true, given_name: "Other", family_name: "Name" });

      await page.goto(channelUrl(ch.alias, "/login?redirectTo=%2Fschedule"));
      await acceptCookies(page);
      await page.getByRole("link", { name: ch.continue }).click();
      await expect(page).toHaveURL(channelUrl(ch.alias, "/schedule"));
      await expectSignedIn(page, `Fiona Fan${id}`);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the registration form's Google button leads through the provider (form-action allows it)", async ({ page }) => {
    const id = unique();
    mock.signInAs({ sub: `google-${id}`, email: `nojs.${id}@example.test`, email_verified: true, given_name: "Noah", family_name: `Plain${id}` });
    await page.goto(channelUrl("alpha", "/registration?social=not_registered&provider=google"));
    await page.getByRole("checkbox", { name: CHANNELS[0].terms }).check();
    await page.getByRole("button", { name: CHANNELS[0].continue }).click();
    await expect(page).toHaveURL(channelUrl("alpha", "/"));
    await expectSignedIn(page, `Noah Plain${id}`);
  });
});

test("a callback whose state did not start in this browser is refused", async ({ page }) => {
  await page.goto(channelUrl("alpha", "/auth/login/google/callback?code=forged&state=eyJuIjoiYWJjIn0"));
  await expect(page).toHaveURL(/\/login\?social=failed/);
  await expect(page.getByText("Signing in with that account did not work. Please try again.")).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "sid")).toBeUndefined();
});
