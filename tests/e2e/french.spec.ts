// The French channel, one smoke path per page (issue 24). Behaviour is tested on the English channel; here each page
// of the site opens once on a `beta` channel of the test's own (French by default, prices in CAD) and must be in
// French: its <html lang="fr"> and its heading or main action in the words of app/locales/fr (each chosen where French
// and English differ, so a page that fell back to English, or the error page, fails). axe runs once per page template.
// That every key exists in both languages is proved in tests/unit/locales.test.ts.
//
// ┌─ WHAT EACH PAGE CHECKS ──────────────────────────────────────────────────────────────────────────────────────────
// │ Pages listed from app/routes/ (resource routes, actions, calendar files and the dev outbox are not pages).
// │ Every page: <html lang="fr"> and the French words named here (keys of app/locales/fr; "ns:" where not common).
// │ [axe] marks where axe runs: one page per template (the site's pages share the shell; the console's, the
// │ profile's and the account pages each share one layout, where one page of each is checked).
// │
// │ public, signed out
// │   /                      h1 home.welcome with the channel's name; the live section's home.live; the footer's
// │                          cookie.settings reopens the notice: cookie.current.accepted                 [axe]
// │   /upcoming              h1 titles.upcoming; the view link events.view.list; the pager's
// │                          events.pager.next; the filters' toggle events.filters.active (one filter)   [axe]
// │   /live /vod /schedule   h1 titles.live, titles.vod, titles.schedule (the same template)
// │   /search?q=…            h1 search.title; a result group search.groups.upcoming; none: search.none   [axe]
// │   /vod_library           h1 vod.title                                                                [axe]
// │   /vod_library/{id}      h1 the item's French title; the Watch link vod.watch
// │   /faq                   h1 faq.title; the channel's first question in French
// │   /{channel pages}       every page of the channel's definition (about, contacts, privacy, terms,
// │                          billetterie): h1 its French name; /contacts' form sends with contacts.send
// │                                                                              [axe on /about, /contacts]
// │   /no-such-page, /watch/{unknown}   404, h1 notFound.title                                            [axe]
// │ watching, signed out
// │   /watch/{register live} the prompt player:login.title and its player:login.register link            [axe]
// │   /watch_embed/{id}      the same prompt; the title link's player:embed.newTab                        [axe]
// │   /watch_library/{free}  the player's player:controls.fullscreen button                               [axe]
// │ the shop, signed out, then the fan
// │   /packages              h1 commerce:titles.packages; each price in CAD, French Canadian (109,99 $)   [axe]
// │   /select-package/{id}   h1 commerce:titles.selectPackage with the product's French name
// │   /simulate              h1 orders:titles.simulate
// │   /buy?event_id={ppv}    h1 commerce:titles.buy; commerce:buy.dueToday, the pass's price in CAD       [axe]
// │ accounts, signed out
// │   /login                 h1 auth:titles.login; the button auth:login.submit                           [axe]
// │   /registration          h1 auth:titles.registration; the button auth:registration.submit
// │   /password-reset-request  h1 auth:titles.passwordResetRequest
// │   /password-reset        (no link) h1 auth:titles.passwordReset; auth:messages.resetFailed
// │   /verify-email          (no link) h1 auth:titles.verifyEmail; auth:verifyEmail.failed
// │   /confirm-account-deletion  h1 auth:titles.confirmDeletion
// │   /reminders/unsubscribe h1 reminders:unsubscribe.title
// │ a TV and the profile (on a channel that turns remote sign-in on): /device signed out, then the viewer
// │   /device                h1 devices:tv.title                                                           [axe]
// │   /profile               h1 auth:titles.profile; auth:profile.activeOrders                           [axe]
// │   /profile/edit          auth:profileEdit.details
// │   /profile/devices       sessions:page.title
// │   /profile/sessions/add  devices:page.title
// │ the viewer's other pages
// │   /profile/clips         clips:titles.profileClips
// │   /profile/following     favorites:page.title
// │   /profile/transactions  the annual plan's amount in CAD, French Canadian
// │   /verify-notice         auth:titles.verifyNotice; auth:verifyNotice.verified
// │   /share/{id}/{uuid}     share:kicker, for a clip the viewer cut                                      [axe]
// │ the console, as the owner (a platform admin for /console/channels)
// │   /console               console:overview.recent                                                     [axe]
// │   /console/events        h1 console:sections.events.title                                            [axe]
// │   /console/events/new    h1 console:sections.events.add                                              [axe]
// │   /console/activity /settings /theme /domains /live /uploads /channels
// │                          h1 their page's title key (console:, domains:, video:); the theme preview's
// │                          live badge console:theme.previewLive
// │   /analytics             h1 analytics:page.title                                                     [axe]
// │
// │ French checks moved here from other specs (their beta copies removed): add them to the page's line above and
// │ to its test below.
// │   browse.spec        404 heading notFound.title (above); the list view link events.view.list and the pager's
// │                      events.pager.next on /upcoming
// │   shell.responsive   the footer's cookie.settings reopens the notice with cookie.current.accepted; the
// │                      filters' toggle reads events.filters.active (the drawer's nav.closeMenu is a phone's:
// │                      its key is in both languages, tests/unit/locales.test.ts)
// │   search.responsive  a team of the French channel (saint-laurent) finds its events; search.none for a word of
// │                      the English channel only (northview)
// └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────
import type { Page } from "@playwright/test";
import { acceptCookies, cookieNotice, expect, expectAccessible, test, visit, type TestChannel } from "./fixtures";
import { createClip, sharePath, waitReady } from "./support/clips";
import { ppvEvents, products } from "./support/commerce";
import { copy, fill } from "./support/copy";
import { findEvent, findVodItem } from "./support/events";
import { player } from "./support/player";

type Namespace = Parameters<typeof copy>[1];

/**
 * The French words of a key (`"auth:titles.login"`), with its {{placeholders}} filled. A key whose English is the
 * same would not tell a French page from an English one, so it is refused here.
 */
function fr(key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.split(":") as [Namespace, string];
  const at = (lang: "en" | "fr") => path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], copy(lang, ns));
  const [french, english] = [at("fr"), at("en")];
  if (typeof french !== "string" || typeof english !== "string") throw new Error(`${key}: not a string in both locales`);
  if (french === english) throw new Error(`${key}: "${french}" is the same in English; pick words that differ`);
  return fill(french, values);
}

/** The channel's own text of a translatable definition field, in French (and not the same as its English). */
function frOf(text: unknown): string {
  const { fr: french, en: english } = text as { fr?: string; en?: string };
  if (!french || french === english) throw new Error(`no French of its own: ${JSON.stringify(text)}`);
  return french;
}

/** An amount as the French pages show it: French Canadian digits, then the currency's symbol (SPEC §3). */
const cad = (amount: number) => `${new Intl.NumberFormat("fr-CA", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} $`;

/** The page is the French one: its document's language and a heading (of this level, or any: null) in French. */
async function expectFrench(page: Page, heading: string, level: number | null) {
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: heading, exact: true, ...(level ? { level } : {}) })).toBeAttached();
}

/** Opens a page and checks it is French by its h1 (or a heading of another level, or any: null). */
async function open(page: Page, ch: TestChannel, path: string, heading: string, level: number | null = 1) {
  const response = await page.goto(ch.url(path));
  expect(response?.status(), path).toBeLessThan(400);
  await expectFrench(page, heading, level);
}

test.use({ template: "beta" });

test("home, its cookie choice, and the 404", async ({ page, ownChannel: ch }) => {
  expect(ch.lang).toBe("fr");
  const name = (ch.definition.settings as { title: string }).title;
  await visit(page, ch.url("/"));
  await expectFrench(page, fr("common:home.welcome", { name }), 1);
  await expect(page.locator('[data-section="live"]').getByRole("heading", { name: fr("common:home.live") })).toBeVisible();
  await acceptCookies(page);
  await expectAccessible(page);
  // The footer's cookie settings show the choice in French (shell.responsive.spec's behaviour, on alpha).
  await page.locator("footer").getByRole("button", { name: fr("common:cookie.settings") }).click();
  await expect(cookieNotice(page)).toContainText(fr("common:cookie.current.accepted"));

  for (const path of ["/no-such-page", "/watch/987654321"]) {
    const response = await page.goto(ch.url(path));
    expect(response?.status(), path).toBe(404);
    await expectFrench(page, fr("common:notFound.title"), 1);
  }
  await expectAccessible(page);
});

test("a French page's words come in the document: no locale file is fetched, French or English", async ({ page, ownChannel: ch }) => {
  // Each language's longest sentence of common.json: a script holding either is a locale file. Before, a French page
  // fetched its 13 namespaces after the entry ran (hydration waited for them), and the English ones as a fallback.
  const sentences = [copy("fr", "common").reload.body, copy("en", "common").cookie.message];
  const fetched: string[] = [];
  page.on("response", async (response) => {
    if (!/[.]js(\?|$)/.test(response.url())) return;
    const body = await response.text().catch(() => "");
    if (sentences.some((s) => body.includes(s))) fetched.push(response.url());
  });
  await visit(page, ch.url("/"));
  // Hydrated in French: without the inlined words React would have rendered the keys over the server's text.
  await expect(cookieNotice(page)).toContainText(copy("fr", "common").cookie.message);
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);
});

test("the event lists", async ({ page, ownChannel: ch }) => {
  await open(page, ch, "/upcoming", fr("common:titles.upcoming"));
  await expect(page.getByRole("link", { name: fr("common:events.view.list"), exact: true })).toBeVisible();
  await expectAccessible(page);
  await open(page, ch, "/upcoming?limit=5&gender=men", fr("common:titles.upcoming"));
  await expect(page.getByRole("link", { name: fr("common:events.pager.next") })).toBeVisible();
  // On a phone the filters wait behind this toggle (shell.responsive.spec); its words are French here too.
  await expect(page.locator(".filters-toggle")).toContainText(fr("common:events.filters.active_one", { count: 1 }));
  await open(page, ch, "/live", fr("common:titles.live"));
  await open(page, ch, "/vod", fr("common:titles.vod"));
  await open(page, ch, "/schedule", fr("common:titles.schedule"));
});

test("search, and a library item", async ({ page, request, ownChannel: ch }) => {
  // A team of the French channel finds its events; a word of the English channel's only finds nothing.
  await open(page, ch, "/search?q=saint-laurent", fr("common:search.title"));
  await expect(page.getByRole("main").getByRole("heading", { level: 2, name: fr("common:search.groups.upcoming"), exact: true })).toBeVisible();
  await expectAccessible(page);
  await open(page, ch, "/search?q=northview", fr("common:search.title"));
  await expect(page.getByRole("main").getByText(fr("common:search.none", { q: "northview" }))).toBeVisible();

  const item = await findVodItem(request, ch, false);
  await page.goto(ch.url(`/vod_library/${item.id}`));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.title);
  await expect(page.getByRole("link", { name: fr("common:vod.watch") })).toHaveAttribute("href", `/watch_library/${item.id}`);
});

test("the video library and the FAQ", async ({ page, ownChannel: ch }) => {
  await open(page, ch, "/vod_library", fr("common:vod.title"));
  await expectAccessible(page);
  const faq = ch.definition.faq as { question: unknown }[];
  await open(page, ch, "/faq", fr("common:faq.title"));
  await expect(page.getByText(frOf(faq[0]!.question))).toBeVisible();
});

test("the channel's own pages", async ({ page, ownChannel: ch }) => {
  // Every page of the channel's own definition, under its French name.
  const pages = ch.definition.pages as { url: string; name: unknown }[];
  expect(pages.map((p) => p.url)).toEqual(expect.arrayContaining(["/about", "/contacts", "/privacy_policy", "/terms_conditions", "/billetterie"]));
  for (const own of pages) {
    await open(page, ch, own.url, frOf(own.name));
    // The contacts page has a template of its own: the channel's text, its contacts and its form.
    if (own.url === "/contacts") await expect(page.getByRole("button", { name: fr("common:contacts.send") })).toBeVisible();
    if (own.url === "/about" || own.url === "/contacts") await expectAccessible(page);
  }
});

test("watching, signed out: an event's prompt, its embed, a library video's player", async ({ page, request, ownChannel: ch }) => {
  const live = await findEvent(request, ch, "live", "register", { noPreroll: true });
  for (const path of [`/watch/${live}`, `/watch_embed/${live}`]) {
    await page.goto(ch.url(path));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const prompt = page.getByTestId("watch-login");
    await expect(prompt).toContainText(fr("player:login.title"));
    await expect(prompt.getByRole("link", { name: fr("player:login.register") })).toBeVisible();
    await expectAccessible(page);
  }
  await expect(page.getByRole("heading", { level: 1 })).toContainText(fr("player:embed.newTab"));

  const video = await findVodItem(request, ch, false);
  await page.goto(ch.url(`/watch_library/${video.id}`));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(player(page)).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
  await expect(player(page).getByRole("button", { name: fr("player:controls.fullscreen") })).toBeVisible();
  await expectAccessible(page);
});

test("the shop: packages in CAD, a pass to compose and the simulator signed out, then the fan's checkout", async ({ page, request, ownChannel: ch, signIn }) => {
  const listed = await products(request, ch);
  await open(page, ch, "/packages", fr("commerce:titles.packages"));
  const cards = page.locator("article.product");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    const id = Number(await card.getAttribute("data-product-id"));
    const product = listed.find((p) => p.id === id)!;
    expect(product.currency, product.name).toBe("CAD");
    await expect(card.locator(":scope > .product__price > .product__amount")).toHaveText(cad(product.price));
  }
  await expectAccessible(page);
  const composed = listed.find((p) => p.max_choices !== null)!;
  await open(page, ch, `/select-package/${composed.id}`, fr("commerce:titles.selectPackage", { name: composed.name }));
  await open(page, ch, "/simulate", fr("orders:titles.simulate"));

  // A pay-per-view event's pass: what is due is its price, in CAD.
  await signIn(ch, "fan");
  const [ppv] = await ppvEvents(request, ch);
  const pass = listed.find((p) => p.event_id === ppv)!;
  await open(page, ch, `/buy?event_id=${ppv}`, fr("commerce:titles.buy"));
  await expect(page.getByText(fr("commerce:buy.dueToday"))).toBeVisible();
  await expect(page.getByTestId("due-today")).toHaveText(cad(pass.price));
  await expectAccessible(page);
});

test("account pages, signed out: log in, register, forgotten password, a reset, a verification, deletion, reminders", async ({ page, ownChannel: ch }) => {
  await visit(page, ch.url("/login"));
  await expectFrench(page, fr("auth:titles.login"), 1);
  await expect(page.locator("form#login").getByRole("button", { name: fr("auth:login.submit"), exact: true })).toBeVisible();
  await expectAccessible(page);
  await open(page, ch, "/registration", fr("auth:titles.registration"));
  await expect(page.locator("form#registration").getByRole("button", { name: fr("auth:registration.submit"), exact: true })).toBeVisible();
  await open(page, ch, "/password-reset-request", fr("auth:titles.passwordResetRequest"));
  // Opened without a link's signature, each page says so in French.
  await open(page, ch, "/password-reset", fr("auth:titles.passwordReset"));
  await expect(page.getByText(fr("auth:messages.resetFailed"))).toBeVisible();
  await open(page, ch, "/verify-email", fr("auth:titles.verifyEmail"));
  await expect(page.getByText(fr("auth:verifyEmail.failed"))).toBeVisible();
  await open(page, ch, "/confirm-account-deletion", fr("auth:titles.confirmDeletion"));
  await open(page, ch, "/reminders/unsubscribe", fr("reminders:unsubscribe.title"));
});

test.describe("with remote sign-in on", () => {
  test.use({ channelSetup: { settings: { "auth.remote_auth": 1 } } });

  test("a TV's page, then the viewer's profile, details, devices and a device to link", async ({ page, ownChannel: ch, signIn }) => {
    await open(page, ch, "/device", fr("devices:tv.title"));
    await expectAccessible(page);
    await signIn(ch, "viewer");
    await open(page, ch, "/profile", fr("auth:titles.profile"));
    await expect(page.getByRole("heading", { name: fr("auth:profile.activeOrders") })).toBeVisible();
    await expectAccessible(page);
    const profilePages: [string, string][] = [
      ["/profile/edit", fr("auth:profileEdit.details")],
      ["/profile/devices", fr("sessions:page.title")],
      ["/profile/sessions/add", fr("devices:page.title")],
    ];
    for (const [path, heading] of profilePages) await open(page, ch, path, heading, 2);
  });
});

test("the viewer's clips, teams followed, transactions in CAD, verified address, and a clip shared", async ({ page, request, ownChannel: ch, signIn }) => {
  const viewer = await signIn(ch, "viewer");
  // The clip is made while the other pages are looked at; its share page needs it ready.
  const finished = await findEvent(request, ch, "finished", "free");
  const queued = await createClip(request, ch, viewer.token, { event_id: finished, name: "But en prolongation", start_time: 4, duration: 6, tags: ["goal"] });
  const profilePages: [string, string][] = [
    ["/profile/clips", fr("clips:titles.profileClips")],
    ["/profile/following", fr("favorites:page.title")],
  ];
  for (const [path, heading] of profilePages) await open(page, ch, path, heading, 2);
  // The viewer's annual plan, at its price in CAD.
  const annual = (ch.definition.products as { products: { key: string; price: number }[] }).products.find((p) => p.key === "annual")!;
  await page.goto(ch.url("/profile/transactions"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("main").getByText(cad(annual.price)).first()).toBeVisible();
  await open(page, ch, "/verify-notice", fr("auth:titles.verifyNotice"));
  await expect(page.getByText(fr("auth:verifyNotice.verified"))).toBeVisible();

  const clip = await waitReady(request, ch, viewer.token, queued.id);
  await page.goto(ch.url(sharePath(clip)));
  await expectFrench(page, clip.name, 1);
  await expect(page.getByText(fr("share:kicker"), { exact: true })).toBeVisible();
  await expectAccessible(page);
});


test("the console's overview, a section and a new item, as the owner", async ({ page, ownChannel: ch, signIn }) => {
  await signIn(ch, "owner");
  await open(page, ch, "/console", fr("console:overview.recent"), 2);
  await expectAccessible(page);
  // The console's two templates past its overview: a section's list and an item's form.
  await open(page, ch, "/console/events", fr("console:sections.events.title"));
  await expectAccessible(page);
  await open(page, ch, "/console/events/new", fr("console:sections.events.add"));
  await expectAccessible(page);
});

test.describe("with a platform admin", () => {
  test.use({ channelSetup: { users: [{ email: "plateforme@beta.test", first_name: "Paule", last_name: "Plateforme", role: "admin", language: "fr" }] } });

  test("the console's other pages and analytics as the owner, the channels as a platform admin", async ({ page, ownChannel: ch, signIn }) => {
    await signIn(ch, "owner");
    await open(page, ch, "/console/theme", fr("console:theme.title"));
    // The theme's preview shows the live badge in the channel's language too.
    await expect(page.locator(".theme-preview__live")).toHaveText(fr("console:theme.previewLive"));
    await open(page, ch, "/console/activity", fr("console:activity.title"));
    await open(page, ch, "/console/settings", fr("console:settings.title"));
    await open(page, ch, "/console/domains", fr("domains:page.title"));
    await open(page, ch, "/console/live", fr("video:live.title"));
    await open(page, ch, "/console/uploads", fr("video:uploads.title"));
    // The owner's dashboard: a template of its own (charts and tables).
    await open(page, ch, "/analytics", fr("analytics:page.title"));
    await expectAccessible(page);
    await signIn(ch, "plateforme@beta.test");
    await open(page, ch, "/console/channels", fr("console:channels.title"));
  });
});
