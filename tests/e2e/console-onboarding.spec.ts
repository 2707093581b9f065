// Issue 16's whole path, in the browser: a platform admin creates the channel gamma; its owner chooses a password
// from the mailed link, signs in to the console, sets colours and a logo, adds a page, a sport, teams and an event,
// adds the custom domain gamma-sports.test and "creates" its DNS records; both hosts then show the result, with no
// restart. The console pages pass axe.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { CHANNELS, login, PASSWORD, type Channel } from "./auth-helpers";
import { channelUrl, expect, expectAccessible, PORT, test } from "./fixtures";

type ConsoleCopy = typeof import("../../app/locales/en/console.json");
type DomainsCopy = typeof import("../../app/locales/en/domains.json");
const c = JSON.parse(readFileSync("app/locales/en/console.json", "utf8")) as ConsoleCopy;
const d = JSON.parse(readFileSync("app/locales/en/domains.json", "utf8")) as DomainsCopy;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

const GAMMA: Channel = { ...CHANNELS[0], alias: "gamma" as "alpha" };
const DOMAIN = "gamma-sports.test";
const OWNER = "owner@gamma.test";
const OWNER_PASSWORD = "Harbor-Lights-2031";
const PRIMARY = "#0b6e4f";
const gamma = (path: string) => channelUrl("gamma", path);
const onDomain = (path: string) => `http://${DOMAIN}:${PORT}${path}`;

/** Fills a console form's localized field (its fieldset, then the language's input). */
const localized = (page: Page, name: string, lang: "English" | "French") => page.getByRole("group", { name: new RegExp(`^${name}`) }).getByLabel(lang, { exact: true });
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\(optional\\))?$`));

async function saveAndExpect(page: Page, name: string) {
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.getByText(fill(c.form.saved, { name }))).toBeVisible();
}

test.describe.configure({ mode: "serial" });

test("a platform admin creates gamma; its owner themes it, adds a page, an event and a domain; both hosts show it", async ({ page, request }) => {
  test.setTimeout(240_000);

  // The platform admin (on alpha) creates the channel.
  await login(page, CHANNELS[0], "admin@alpha.test", PASSWORD);
  await page.goto(channelUrl("alpha", "/console/channels"));
  await page.getByLabel(c.channels.alias).fill("gamma");
  await page.getByLabel(c.channels.name).fill("Gamma Sports");
  await page.getByLabel(c.channels.ownerEmail).fill(OWNER);
  await page.getByLabel(c.channels.ownerName).fill("Gus");
  await page.getByRole("button", { name: c.channels.createButton }).click();
  await expect(page.getByRole("status")).toContainText(`Gamma Sports is online at http://gamma.localhost:${PORT}`);
  await expectAccessible(page);

  // It is online at once, themed by default, with its name.
  await page.goto(gamma("/"));
  await expect(page).toHaveTitle(/Gamma Sports/);

  // The owner's mail: choose a password, then sign in.
  await page.goto(gamma("/dev/outbox"));
  const invite = page.locator(`li.outbox__mail[data-to="${OWNER}"][data-kind="owner_invite"]`).first();
  await expect(invite).toContainText("Gamma Sports is ready: choose your password");
  await page.goto((await invite.locator(".outbox__links a").first().getAttribute("href"))!);
  await page.getByLabel(GAMMA.t.form.newPassword, { exact: true }).fill(OWNER_PASSWORD);
  await page.getByLabel(GAMMA.t.form.newPasswordConfirmation, { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: GAMMA.t.passwordReset.submit }).click();
  await expect(page.getByText(GAMMA.t.passwordReset.done)).toBeVisible();
  await login(page, GAMMA, OWNER, OWNER_PASSWORD);
  await page.goto(gamma("/console"));
  await expect(page.getByRole("heading", { level: 1, name: c.overview.title })).toBeVisible();

  // Colours: an unreadable pair is refused with its ratio; a readable one is saved.
  await page.goto(gamma("/console/theme"));
  await page.locator("html[data-hydrated=true]").waitFor();
  await page.getByLabel(c.colors["primary-contrast"], { exact: true }).fill("#cccccc");
  await page.getByLabel(c.colors.primary, { exact: true }).fill("#dddddd");
  await expect(page.locator(".theme-contrast tr[data-ok=false]").first()).toContainText(c.theme.low);
  await page.getByRole("button", { name: c.theme.saveColors }).click();
  await expect(page.getByText(c.api.unreadableColors)).toBeVisible();
  await expect(page.locator("#color-primary-contrast-error")).toContainText(":1 on primary");
  await page.getByLabel(c.colors.primary, { exact: true }).fill(PRIMARY);
  await page.getByLabel(c.colors["primary-contrast"], { exact: true }).fill("#ffffff");
  await page.getByRole("button", { name: c.theme.saveColors }).click();
  await expect(page.getByText(c.theme.saved)).toBeVisible();
  await expectAccessible(page);

  // A logo, uploaded from the form.
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 48, height: 48 } });
  await page.locator('input[name="logo.__upload"]').setInputFiles({ name: "gamma-logo.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: c.theme.saveImages }).click();
  await expect(page.getByText(c.theme.imagesSaved)).toBeVisible();

  // A page, in Markdown, with its preview.
  await page.goto(gamma("/console/pages/new"));
  await page.locator("html[data-hydrated=true]").waitFor();
  await field(page, c.fields.url).fill("/tickets");
  await localized(page, c.fields.name, "English").fill("Tickets");
  await localized(page, c.fields.content, "English").fill("# Season tickets\n\nOn sale at the **box office**.");
  await page.getByRole("button", { name: c.form.showPreview }).first().click();
  await expect(page.locator(".console-preview__html strong")).toHaveText("box office");
  await saveAndExpect(page, "/tickets");

  // A sport, two schools, two teams, then the event.
  await page.goto(gamma("/console/sports/new"));
  await field(page, c.fields.alias).fill("hockey");
  await localized(page, c.fields.name, "English").fill("Hockey");
  await saveAndExpect(page, "hockey");
  for (const [school, team] of [
    ["harbor", "Harbor Hawks"],
    ["summit", "Summit Owls"],
  ]) {
    await page.goto(gamma("/console/schools/new"));
    await field(page, c.fields.alias).fill(school);
    await localized(page, c.fields.name, "English").fill(`${school[0].toUpperCase()}${school.slice(1)} High`);
    await saveAndExpect(page, school);
    await page.goto(gamma("/console/teams/new"));
    await field(page, c.fields.alias).fill(`${school}-hockey`);
    await localized(page, c.fields.name, "English").fill(team);
    await field(page, c.fields.short_name).fill(team.split(" ")[0]);
    await field(page, c.fields.school).selectOption(school);
    await field(page, c.fields.sport).selectOption("hockey");
    await field(page, c.fields.gender).selectOption("men");
    await saveAndExpect(page, `${school}-hockey`);
  }
  await page.goto(gamma("/console/events/new"));
  await field(page, c.fields.sport).selectOption("hockey");
  await field(page, c.fields.home).selectOption("harbor-hockey");
  await field(page, c.fields.away).selectOption("harbor-hockey");
  await field(page, c.fields.start).fill("2031-01-10T19:00");
  await page.getByLabel(c.fields.published).check();
  await localized(page, c.fields.name, "English").fill("Gamma Cup Final");
  // The definition's rules answer at the field: a team cannot play itself.
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.locator("#f-away-error")).toHaveText("a team cannot play itself");
  await field(page, c.fields.away).selectOption("summit-hockey");
  await saveAndExpect(page, "summit-hockey-at-harbor-hockey-2031-01-10");
  await expectAccessible(page);

  // The custom domain: the records, "created" in the local DNS, then checked.
  await page.goto(gamma("/console/domains"));
  await page.getByLabel(d.add.label, { exact: true }).fill(DOMAIN);
  await page.getByRole("button", { name: d.add.submit, exact: true }).click();
  const card = page.locator(`li.domain[data-domain="${DOMAIN}"]`);
  for (const type of ["CNAME", "TXT"] as const) {
    const row = card.locator(`tr[data-record="${type}"]`);
    const record = { type, name: await row.locator('[data-field="name"]').innerText(), value: await row.locator('[data-field="value"]').innerText() };
    const res = await request.put(`http://127.0.0.1:${PORT}/api/dev/dns-records`, { headers: { host: `gamma.localhost:${PORT}` }, data: record });
    expect(res.status()).toBe(200);
  }
  await card.getByRole("button", { name: d.domain.check, exact: true }).click();
  await expect(page.getByText(fill(d.notices.active, { hostname: DOMAIN }))).toBeVisible();

  // Both hosts show the channel as edited: colours, logo, the page and the event.
  for (const at of [gamma, onDomain]) {
    await page.goto(at("/"));
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
    expect(primary).toBe(PRIMARY);
    await expect(page.locator("header img").first()).toHaveAttribute("src", /\/api\/assets\/uploads\/[0-9a-f]{16}\.png/);
    await page.goto(at("/tickets"));
    await expect(page.getByRole("heading", { name: "Season tickets" })).toBeVisible();
    // Events with teams show as "Away @ Home" by the teams' short names (SPEC §3).
    await page.goto(at("/upcoming"));
    await expect(page.getByRole("heading", { level: 3, name: "Summit @ Harbor" })).toBeVisible();
  }

  // The audit log has it all, by who did it.
  await page.goto(gamma("/console/activity"));
  await expect(page.locator(".console-activity")).toContainText(OWNER);
  await expect(page.locator(".console-activity")).toContainText("admin@alpha.test");
  await expectAccessible(page);
});

test("the console is the owner's: a viewer and a visitor find nothing there", async ({ page }) => {
  await page.goto(channelUrl("beta", "/console"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fconsole$/);
  await login(page, CHANNELS[1], "fan@beta.test", PASSWORD);
  const res = await page.goto(channelUrl("beta", "/console/events"));
  expect(res?.status()).toBe(404);
});
