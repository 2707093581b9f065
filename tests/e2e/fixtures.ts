import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type * as Axe from "axe-core";
import { type APIRequestContext, type BrowserContext, type BrowserContextOptions, test as base, expect, type Page } from "@playwright/test";
import { loadChannel, type ChannelSetup, type ChannelUser, type Role, type Template, type TestChannel } from "./support/channels";

export { PASSWORD, type ChannelSetup, type Lang, type Role, type Template, type TestChannel } from "./support/channels";

export const PORT = Number(process.env.E2E_PORT ?? 8788);

/** The address of a channel on the e2e server (Chromium resolves *.localhost to loopback). */
export const channelUrl = (alias: string, path = "/") => `http://${alias}.localhost:${PORT}${path}`;

// Console errors a page may legitimately log: the document answering 404, 422 (a form with errors) or 503 on purpose.
const EXPECTED_CONSOLE = [/Failed to load resource: the server responded with a status of (404|422|503)/];

/**
 * Each test's visitor comes from an address of its own (10.x.y.z from the test's id), as real viewers do: limits
 * kept per address (code checks when linking a TV, sign-in) then count one test's attempts, not the whole run's.
 * Locally nothing sets CF-Connecting-IP, so without this every test would share one "unknown" address.
 */
const addressOf = (testId: string, repeat: number) => {
  const [a, b, c] = createHash("sha256").update(`${testId}:${repeat}`).digest();
  return `10.${a}.${b}.${c}`;
};

/** The Google tag's script host (issue 14): the machine is offline, so tests serve a stand-in. */
export const GOOGLE_TAG_SCRIPTS = "https://www.googletagmanager.com/**";

/** The Cast sender SDK the player loads in Chromium (issue 15): offline, a stand-in that never finds a receiver. */
export const CAST_SENDER_SCRIPT = "https://www.gstatic.com/cv/js/sender/**";

const REQUEST_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "fetch"]);

/**
 * The test's API client, asking again when the server reset a kept-alive connection. Node keeps connections alive,
 * and workerd closes one left idle for 5 s: a test that makes a request, spends 5 s in the browser and makes the next
 * one can send it on a socket the server is closing that instant ("socket hang up", ECONNRESET: the request was never
 * read). Playwright's `maxRetries` retries exactly that error and nothing else.
 */
export function resendingOnReset(request: APIRequestContext): APIRequestContext {
  return new Proxy(request, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== "string" || !REQUEST_METHODS.has(property) || typeof value !== "function") return value;
      return (url: unknown, options?: { maxRetries?: number }) => (value as (u: unknown, o: unknown) => unknown).call(target, url, { maxRetries: 2, ...options });
    },
  });
}

/** A signed-in account of a test channel: its session token, as the API answered the sign-in. */
export interface SignedIn extends ChannelUser {
  token: string;
}

/** The root marks the document once React has hydrated it (app/root.tsx): before that a click may post a document. */
export const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });

/** Opens a page and waits until it has hydrated: the one way tests navigate before they click or type. */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/**
 * Signs a page's browser in as an account of the channel through the API (POST /v2/auth/login), and sets the session
 * cookie the web app reads, as the sign-in form would: only the accounts spec fills the form.
 */
export async function signIn(context: BrowserContext, request: APIRequestContext, channel: TestChannel, who: Role | string): Promise<SignedIn> {
  const user = channel.user(who);
  const res = await request.post(channel.apiUrl("v2/auth/login"), {
    headers: channel.headers,
    data: { api_key: await channel.apiKey(), email: user.email, password: user.password },
  });
  expect(res.status(), `sign-in of ${user.email}: ${await res.text()}`).toBe(200);
  const { token } = ((await res.json()) as { data: { token: string } }).data;
  await context.addCookies([{ name: "sid", value: token, url: channel.origin, httpOnly: true, sameSite: "Lax" }]);
  return { ...user, token };
}

interface TestFixtures {
  consoleErrors: string[];
  googleTagStandIn: void;
  castSenderStandIn: void;
  /** The template of the test's channel (`test.use({ template: "beta" })`). */
  template: Template;
  /** How the test's channel differs from its template (`test.use({ channelSetup: { settings: {…} } })`). */
  channelSetup: ChannelSetup;
  /**
   * A channel of the test's own, loaded when the test starts. (Not called `channel`: that name is Playwright's own
   * option for the browser's release channel.)
   */
  ownChannel: TestChannel;
  /** Loads one more channel of the test's own (two channels side by side, or one at a chosen `now`). */
  loadChannel: (template: Template, setup?: ChannelSetup) => Promise<TestChannel>;
  /**
   * A channel the worker's tests share, for tests that only read what was loaded and that do not depend on how long
   * ago it was (lists, pages, finished events): one load per worker and template.
   */
  sharedChannel: TestChannel;
  /** Signs the page's browser in as an account of a channel (`"viewer"`, `"owner"`… or an added email). */
  signIn: (channel: TestChannel, who: Role | string) => Promise<SignedIn>;
  /**
   * Another browser (a second viewer, a guest), closed when the test ends: a page left open keeps playing its live
   * video and polling through the worker's next tests.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}

interface WorkerFixtures {
  sharedChannels: (template: Template) => Promise<TestChannel>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "cf-connecting-ip": addressOf(testInfo.testId, testInfo.repeatEachIndex) });
  },
  request: async ({ request }, use) => {
    await use(resendingOnReset(request));
  },
  template: ["alpha", { option: true }],
  channelSetup: [{}, { option: true }],
  ownChannel: async ({ request, template, channelSetup }, use) => {
    await use(await loadChannel(request, template, channelSetup));
  },
  loadChannel: async ({ request }, use) => {
    await use((template, setup) => loadChannel(request, template, setup));
  },
  sharedChannels: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext();
      const loaded = new Map<Template, Promise<TestChannel>>();
      await use((template) => {
        let found = loaded.get(template);
        if (!found) {
          found = loadChannel(resendingOnReset(request), template);
          loaded.set(template, found);
        }
        return found;
      });
      await request.dispose();
    },
    { scope: "worker" },
  ],
  sharedChannel: async ({ sharedChannels, template }, use) => {
    await use(await sharedChannels(template));
  },
  signIn: async ({ context, request }, use) => {
    await use((channel, who) => signIn(context, request, channel, who));
  },
  newContext: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const made = await browser.newContext(options);
      opened.push(made);
      return made;
    });
    await Promise.all(opened.map((c) => c.close()));
  },
  // Accepting cookies loads the channel's Google tag. Offline, as every third party here, it is an empty script, so
  // the page logs no failed request; a test that looks at the tag routes it on the page (page routes come first).
  googleTagStandIn: [
    async ({ context }, use) => {
      await context.route(GOOGLE_TAG_SCRIPTS, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
      await use();
    },
    { auto: true },
  ],
  // The player asks for Google's Cast sender SDK in Chrome-family browsers. Offline, as the Google tag above, it is an
  // empty script: the SDK never reports, so shaka finds no receiver and the cast button stays hidden.
  castSenderStandIn: [
    async ({ context }, use) => {
      await context.route(CAST_SENDER_SCRIPT, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !EXPECTED_CONSOLE.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use(errors);
      // A test fails on any unexpected console error (STYLE: epic-stack).
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What a check reports of a violation (axe-core's `Result`, cut to what crosses back from the page). */
type AxeViolation = Pick<Axe.Result, "id" | "impact" | "help"> & { nodes: Pick<Axe.NodeResult, "target">[] };

/**
 * Runs axe on the page and fails on serious or critical violations. axe-core runs in the page itself, injected once per
 * document: `AxeBuilder.analyze()` opens a second page for every call to merge its per-frame results, which costs a
 * second or more per check on two cores, and our pages have no frames. A page with frames still goes through
 * AxeBuilder, which reaches into them.
 */
export async function expectAccessible(page: Page) {
  let violations: AxeViolation[];
  if (page.frames().length > 1) {
    violations = (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations;
  } else {
    // Evaluated through the DevTools protocol, so the page's CSP does not apply to the injection.
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
    violations = await page.evaluate(async (tags) => {
      const axe = (window as unknown as { axe: typeof Axe }).axe;
      const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
    }, AXE_TAGS);
  }
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "serious accessibility violations",
  ).toEqual([]);
}

/** The cookie notice, in either language. */
export const cookieNotice = (page: Page) => page.getByRole("region", { name: /cookie|témoins/i });

/** Accepts the cookie notice, so it does not cover what a test looks at. */
export async function acceptCookies(page: Page) {
  // The notice hides at once; wait for the server to store the choice.
  const stored = page.waitForResponse((r) => r.url().includes("/action/accept-cookies"));
  // Pressed before the page's scripts run, Accept is the no-JavaScript post, which reloads the page: wait for the new
  // page to load, or a test measuring the page next would read it half-parsed (unstyled).
  const reloaded = page.waitForEvent("load");
  reloaded.catch(() => undefined);
  // With them, the page's data reloads after the post (the root's among it): wait for it, or what the test does next
  // (opening the drawer) races the re-render.
  const revalidated = page.waitForResponse((r) => /[?&]_data=root\b/.test(r.url()));
  revalidated.catch(() => undefined);
  await cookieNotice(page).getByRole("button", { name: /^(Accept|Accepter)$/ }).click();
  const response = await stored;
  if (response.status() >= 300 && response.status() < 400) await reloaded;
  else await revalidated;
  await expect(cookieNotice(page)).toHaveCount(0);
}
