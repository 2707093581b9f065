// Issue 16's path, in the browser: a platform admin creates a channel (under an alias of the test's own); it is online
// at once, and its owner chooses a password from the mailed link and signs in to the console. An owner themes a
// channel, adds a page, a sport, teams and an event, adds a custom domain and "creates" its DNS records; both
// addresses then show the result, with no restart. The console pages pass axe; the console is nobody else's.
import { expect, expectAccessible, PORT, test, visit } from "./fixtures";
import { fillLogin } from "./support/accounts";
import { createRecord, domainCard, labelled, localized, onDomain, randomLabel, saveItem, uniqueDomain } from "./support/console";
import { copy, fill } from "./support/copy";

const c = copy("en", "console");
const d = copy("en", "domains");
const auth = copy("en", "auth");
const EN = c.form.lang.en;

test("a platform admin creates a channel: online at once; its owner chooses a password from the mailed link and signs in to the console", async ({ page, ownChannel: ch, signIn }) => {
  const alias = `gamma-${randomLabel(8)}`;
  const owner = "owner@gamma.test";
  const password = "Harbor-Lights-2031";
  const gamma = (path: string) => `http://${alias}.localhost:${PORT}${path}`;

  const admin = await signIn(ch, "admin");
  await visit(page, ch.url("/console/channels"));
  await page.getByLabel(c.channels.alias).fill(alias);
  await page.getByLabel(c.channels.name).fill("Gamma Sports");
  await page.getByLabel(c.channels.ownerEmail).fill(owner);
  await page.getByLabel(c.channels.ownerName).fill("Gus");
  await page.getByRole("button", { name: c.channels.createButton }).click();
  await expect(page.getByRole("status")).toContainText(fill(c.channels.created, { name: "Gamma Sports", url: gamma(""), email: owner }));
  await expectAccessible(page);

  // It is online at once, themed by default, with its name.
  await page.goto(gamma("/"));
  await expect(page).toHaveTitle(/Gamma Sports/);

  // The owner's mail: choose a password, then sign in with it (the new channel's first sign-in, by its form).
  await page.goto(gamma("/dev/outbox"));
  const invite = page.locator(`li.outbox__mail[data-to="${owner}"][data-kind="owner_invite"]`).first();
  await expect(invite).toContainText("Gamma Sports is ready: choose your password");
  await visit(page, (await invite.locator(".outbox__links a").first().getAttribute("href"))!);
  await page.getByLabel(auth.form.newPassword, { exact: true }).fill(password);
  await page.getByLabel(auth.form.newPasswordConfirmation, { exact: true }).fill(password);
  await page.getByRole("button", { name: auth.passwordReset.submit }).click();
  await expect(page.getByText(auth.passwordReset.done)).toBeVisible();
  await visit(page, gamma("/login?redirectTo=%2Fconsole"));
  await fillLogin(page, "en", owner, password);
  await expect(page).toHaveURL(gamma("/console"));
  await expect(page.getByRole("heading", { level: 1, name: c.overview.title })).toBeVisible();

  // The channel's audit log names who created it.
  await page.goto(gamma("/console/activity"));
  await expect(page.locator(".console-activity")).toContainText(admin.email);
});

test("an owner themes the channel, adds a page, a sport, teams, an event and a domain; both addresses show it", async ({ page, request, ownChannel: ch, signIn }) => {
  test.setTimeout(180_000);
  // Readable as a button under dark text, and as link text on the channel's dark background.
  const primary = "#3ddc97";
  const domain = uniqueDomain("gamma");
  const owner = await signIn(ch, "owner");

  // Colours: an unreadable pair is refused with its ratio; a readable one is saved.
  await visit(page, ch.url("/console/theme"));
  await page.getByLabel(c.colors["primary-contrast"], { exact: true }).fill("#cccccc");
  await page.getByLabel(c.colors.primary, { exact: true }).fill("#dddddd");
  await expect(page.locator(".theme-contrast tr[data-ok=false]").first()).toContainText(c.theme.low);
  await page.getByRole("button", { name: c.theme.saveColors }).click();
  await expect(page.getByText(c.api.unreadableColors)).toBeVisible();
  await expect(page.locator("#color-primary-contrast-error")).toContainText(":1 on primary");
  await page.getByLabel(c.colors.primary, { exact: true }).fill(primary);
  await page.getByLabel(c.colors["primary-contrast"], { exact: true }).fill("#0b0f19");
  await page.getByRole("button", { name: c.theme.saveColors }).click();
  await expect(page.getByText(c.theme.saved)).toBeVisible();
  await expectAccessible(page);

  // A logo, uploaded from the form.
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 48, height: 48 } });
  await page.locator('input[name="logo.__upload"]').setInputFiles({ name: "gamma-logo.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: c.theme.saveImages }).click();
  await expect(page.getByText(c.theme.imagesSaved)).toBeVisible();

  // A page, in Markdown, with its preview.
  await visit(page, ch.url("/console/pages/new"));
  await labelled(page, c.fields.url).fill("/tickets");
  await localized(page, c.fields.name, EN).fill("Tickets");
  await localized(page, c.fields.content, EN).fill("# Season tickets\n\nOn sale at the **box office**.");
  await page.getByRole("button", { name: c.form.showPreview }).first().click();
  await expect(page.locator(".console-preview__html strong")).toHaveText("box office");
  await saveItem(page, "en", "/tickets");

  // A sport, two schools, two teams, then the event.
  await visit(page, ch.url("/console/sports/new"));
  await labelled(page, c.fields.alias).fill("hockey");
  await localized(page, c.fields.name, EN).fill("Hockey");
  await saveItem(page, "en", "hockey");
  for (const [school, team] of [
    ["harbor", "Harbor Hawks"],
    ["summit", "Summit Owls"],
  ]) {
    await visit(page, ch.url("/console/schools/new"));
    await labelled(page, c.fields.alias).fill(school);
    await localized(page, c.fields.name, EN).fill(`${school[0].toUpperCase()}${school.slice(1)} High`);
    await saveItem(page, "en", school);
    await visit(page, ch.url("/console/teams/new"));
    await labelled(page, c.fields.alias).fill(`${school}-hockey`);
    await localized(page, c.fields.name, EN).fill(team);
    await labelled(page, c.fields.short_name).fill(team.split(" ")[0]);
    await labelled(page, c.fields.school).selectOption(school);
    await labelled(page, c.fields.sport).selectOption("hockey");
    await labelled(page, c.fields.gender).selectOption("men");
    await saveItem(page, "en", `${school}-hockey`);
  }
  await visit(page, ch.url("/console/events/new"));
  await labelled(page, c.fields.sport).selectOption("hockey");
  await labelled(page, c.fields.home).selectOption("harbor-hockey");
  await labelled(page, c.fields.away).selectOption("harbor-hockey");
  // At noon in the channel's zone (America/Los_Angeles), the same day in UTC, which the event's key is dated by.
  await labelled(page, c.fields.start).fill("2031-01-10T12:00");
  await page.getByLabel(c.fields.published).check();
  await localized(page, c.fields.name, EN).fill("Harbor Cup Final");
  // The definition's rules answer at the field: a team cannot play itself.
  await page.getByRole("button", { name: c.form.save, exact: true }).click();
  await expect(page.locator("#f-away-error")).toHaveText(c.schema.messages.playsItself);
  await labelled(page, c.fields.away).selectOption("summit-hockey");
  await saveItem(page, "en", "summit-hockey-at-harbor-hockey-2031-01-10");
  await expectAccessible(page);

  // The custom domain: the records, "created" in the local DNS, then checked.
  await visit(page, ch.url("/console/domains"));
  await page.getByLabel(d.add.label, { exact: true }).fill(domain);
  await page.getByRole("button", { name: d.add.submit, exact: true }).click();
  const card = domainCard(page, domain);
  await createRecord(request, ch.host, card, "CNAME");
  await createRecord(request, ch.host, card, "TXT");
  await card.getByRole("button", { name: d.domain.check, exact: true }).click();
  await expect(page.getByText(fill(d.notices.active, { hostname: domain }))).toBeVisible();

  // Both addresses show the channel as edited: colours, logo, the page and the event.
  for (const at of [ch.url, (path: string) => onDomain(domain, path)]) {
    await page.goto(at("/"));
    const shown = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
    expect(shown).toBe(primary);
    await expect(page.getByRole("banner").getByRole("img", { name: String(ch.definition.name) }).first()).toHaveAttribute("src", /\/api\/assets\/uploads\/[0-9a-f]{16}\.png/);
    await page.goto(at("/tickets"));
    await expect(page.getByRole("heading", { name: "Season tickets" })).toBeVisible();
    // Events with teams show as "Away @ Home" by the teams' short names (SPEC §3).
    await page.goto(at("/upcoming?sport=hockey"));
    await expect(page.getByRole("heading", { level: 3, name: "Summit @ Harbor" })).toBeVisible();
  }

  // The audit log has it, by who did it.
  await page.goto(ch.url("/console/activity"));
  await expect(page.locator(".console-activity")).toContainText(owner.email);
  await expectAccessible(page);
});

test("the console is the owner's: a visitor is asked to log in, a viewer finds nothing there", async ({ page, ownChannel: ch, signIn }) => {
  await page.goto(ch.url("/console"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fconsole$/);
  await signIn(ch, "fan");
  const res = await page.goto(ch.url("/console/events"));
  expect(res?.status()).toBe(404);
});
