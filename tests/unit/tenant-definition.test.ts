import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localizedSchema, parseTenantDefinition, type TenantDefinition } from "../../api/channels/definition";
import { readTenant } from "../../scripts/lib/tenant-reader";
import { channelSettingsSchema } from "../../api/contract/settings";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A small valid channel.json; each test breaks one thing. */
const base = () => ({
  name: "Test Channel",
  channel_key: "ck_test_demo_0123456789",
  settings: { language: "en", currency: "USD" },
  colors: { web: { primary: "#112233" } },
  menu: [{ key: "home", placement: "header", kind: "link", name: "Home", url: "/" }],
  pages: [{ url: "/about", name: { en: "About", fr: "À propos" }, content: { en: "Hi", fr: "Salut" } }],
  static_blocks: [{ key: "intro", placement: "home_top", type: "text", content: "Hello" }],
});

const parse = (raw: unknown) => parseTenantDefinition(raw, "test", "tenants/test/channel.json");
const errorOf = (raw: unknown) => {
  try {
    parse(raw);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected the definition to be refused");
};

/** Every translatable value in a definition that is an object, with its path. */
function localizedObjects(value: unknown, at = ""): { at: string; keys: string[] }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => localizedObjects(v, `${at}.${i}`));
  if (typeof value !== "object" || value === null) return [];
  const keys = Object.keys(value);
  if (keys.length && keys.every((k) => k === "en" || k === "fr")) return [{ at, keys }];
  return Object.entries(value).flatMap(([k, v]) => localizedObjects(v, `${at}.${k}`));
}

describe("demo tenants", () => {
  it.each([
    ["alpha", "en", "dark", "USD", "/tickets-info"],
    ["beta", "fr", "light", "CAD", "/billetterie"],
  ])("%s parses with its language, theme, currency and own page", async (alias, language, theme, currency, ownPage) => {
    const { definition: def, files } = await readTenant(path.join(ROOT, "tenants", alias));
    expect(def.alias).toBe(alias);
    expect(def.status).toBe("active");
    expect(def.settings).toMatchObject({ language, theme, currency, languages: expect.arrayContaining(["en", "fr"]) });
    expect(def.domains.length).toBeGreaterThan(0);
    expect(def.pages.map((p) => p.url)).toEqual(expect.arrayContaining(["/about", "/contacts", "/privacy_policy", "/terms_conditions", ownPage]));
    expect(def.slides.length).toBeGreaterThanOrEqual(2);
    expect(def.faq.length).toBeGreaterThanOrEqual(5);
    const form = def.custom_forms.find((f) => f.alias === "contact");
    expect(form?.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["name", "text", true],
      ["email", "email", true],
      ["phone", "tel", false],
      ["topic", "select", true],
      ["message", "textarea", true],
      ["consent", "checkbox", true],
    ]);
    expect(files.find((f) => f.path === "logo.svg")?.contentType).toBe("image/svg+xml");
    expect(def.settings.logo).toBe("logo.svg");
    expect(def.settings.favicon).toBe("favicon.svg");
  });

  it.each(["alpha", "beta"])("%s has every translatable text in English and French", async (alias) => {
    const { definition } = await readTenant(path.join(ROOT, "tenants", alias));
    const missing = localizedObjects(definition).filter((l) => !(l.keys.includes("en") && l.keys.includes("fr")));
    expect(missing).toEqual([]);
    for (const page of definition.pages) expect(Object.keys(page.content as object).sort()).toEqual(["en", "fr"]);
  });

  it("keeps the two demo channels apart (keys, domains, colours)", async () => {
    const [a, b] = await Promise.all(["alpha", "beta"].map((t) => readTenant(path.join(ROOT, "tenants", t))));
    expect(a.definition.channel_key).not.toBe(b.definition.channel_key);
    expect(a.definition.domains).not.toEqual(expect.arrayContaining(b.definition.domains));
    expect(a.definition.colors.web?.background).not.toBe(b.definition.colors.web?.background);
  });

  it("reads the suspended test fixture", async () => {
    const { definition } = await readTenant(path.join(ROOT, "tests/fixtures/tenants/offline"));
    expect(definition).toMatchObject({ alias: "offline", status: "suspended" });
  });
});

describe("channel.json validation", () => {
  it("accepts the minimal definition and fills defaults", () => {
    const def: TenantDefinition = parse(base());
    expect(def).toMatchObject({ alias: "test", status: "active", domains: [], faq: [], prerolls: [] });
  });

  it("refuses a setting key outside SETTING_KEYS, naming file and key", () => {
    const message = errorOf({ ...base(), settings: { language: "en", logoo: "logo.svg" } });
    expect(message).toContain("tenants/test/channel.json: settings.logoo: unknown key");
  });

  it("refuses a bad setting value instead of falling back to the default", () => {
    expect(errorOf({ ...base(), settings: { currency: "EUR" } })).toMatch(/channel\.json: settings\.currency: /);
    expect(errorOf({ ...base(), settings: { theme: "sepia" } })).toMatch(/settings\.theme: /);
    expect(errorOf({ ...base(), settings: { "auth.remote_auth": 7 } })).toMatch(/settings\.auth\.remote_auth: /);
  });

  it("refuses unknown keys inside an object setting", () => {
    const message = errorOf({ ...base(), settings: { contacts: { email: "a@b.test", fax: "123" } } });
    expect(message).toContain("settings.contacts.fax: unknown key");
  });

  it("refuses a bad colour value or an unknown colour key", () => {
    expect(errorOf({ ...base(), colors: { web: { primary: "#fff" } } })).toContain("colors.web.primary: must be a #rrggbb colour");
    expect(errorOf({ ...base(), colors: { web: { primry: "#ffffff" } } })).toContain("colors.web.primry: unknown key");
  });

  it("refuses a bad menu or static block placement", () => {
    const menu = [{ key: "home", placement: "sidebar", kind: "link", name: "Home", url: "/" }];
    expect(errorOf({ ...base(), menu })).toMatch(/menu\.0\.placement: /);
    const blocks = [{ key: "intro", placement: "sidebar", type: "text", content: "Hi" }];
    expect(errorOf({ ...base(), static_blocks: blocks })).toContain("static_blocks.0.placement: must be home_top, home_bottom, footer or page:<url>");
  });

  it("checks references: page menu items and page: blocks need the page", () => {
    const menu = [{ key: "tix", placement: "header", kind: "page", name: "Tickets", url: "/tickets" }];
    expect(errorOf({ ...base(), menu })).toContain('menu.0.url: no page with url "/tickets" in pages');
    const blocks = [{ key: "x", placement: "page:/nowhere", type: "text", content: "Hi" }];
    expect(errorOf({ ...base(), static_blocks: blocks })).toContain('static_blocks.0.placement: no page with url "/nowhere"');
  });

  it("requires the fields a menu kind needs, and unique keys across nested items", () => {
    expect(errorOf({ ...base(), menu: [{ key: "s", placement: "header", kind: "group", name: "School" }] })).toContain("menu.0.alias: is required");
    const nested = [{ key: "a", placement: "header", kind: "link", name: "A", children: [{ key: "a", kind: "group", alias: "x", name: "X" }] }];
    expect(errorOf({ ...base(), menu: nested })).toContain('menu.0.children.0.key: duplicate key "a"');
  });

  it("refuses unknown top-level keys and an alias that is not the folder name", () => {
    expect(errorOf({ ...base(), colours: {} })).toContain("channel.json: colours: unknown key");
    expect(errorOf({ ...base(), alias: "other" })).toContain('alias "other" does not match its folder name "test"');
  });
});

describe("prerolls", () => {
  const catalogue = { time_zone: "UTC", sports: [{ alias: "hockey", name: "Hockey" }], locations: [{ key: "rink-a", name: "Rink A", city: "Chicago", state: "IL" }] };
  const withPreroll = (preroll: Record<string, unknown>, extra: Record<string, unknown> = { catalogue }) => ({
    ...base(),
    ...extra,
    prerolls: [{ key: "promo", url: "media:promo/preroll.mp4", ...preroll }],
  });

  it("names a location by key and sports by alias, with defaults for the rest", () => {
    const def = parse(withPreroll({ location: "rink-a", event_categories: ["hockey"] }));
    expect(def.prerolls).toEqual([
      { key: "promo", url: "media:promo/preroll.mp4", weight: 1, location: "rink-a", event_categories: ["hockey"], for_vod: true, for_live: true },
    ]);
    expect(parse(withPreroll({}, {})).prerolls[0]).toMatchObject({ location: null, event_categories: [] });
  });

  it("refuses an unknown location or sport, which would otherwise match every event", () => {
    expect(errorOf(withPreroll({ location: "rink-b" }))).toContain('prerolls.0.location: unknown location "rink-b"');
    expect(errorOf(withPreroll({ event_categories: ["hockey", "curling"] }))).toContain('prerolls.0.event_categories.1: unknown sport "curling"');
    expect(errorOf(withPreroll({ location: "rink-a" }, {}))).toContain('prerolls.0.location: unknown location "rink-a"');
  });

  it("takes only media:<asset>/<file> URLs and the old id fields are gone", () => {
    expect(errorOf(withPreroll({ url: "https://ads.example/preroll.mp4" }))).toContain('prerolls.0.url: must be "media:<asset>/<file>"');
    expect(errorOf(withPreroll({ url: "media:promo/../x.mp4" }))).toContain("prerolls.0.url:");
    expect(errorOf(withPreroll({ location_id: 3 }))).toContain("prerolls.0.location_id: unknown key");
    expect(errorOf(withPreroll({ weight: -1 }))).toContain("prerolls.0.weight:");
  });

  it.each([
    ["alpha", "lakewood-arena", "cascade-summit-stadium"],
    ["beta", "pavillon-champlain", "complexe-mont-royal"],
  ])("%s has an on-demand and a live demo preroll, each at one location", async (alias, vodAt, liveAt) => {
    const { definition: def } = await readTenant(path.join(ROOT, "tenants", alias));
    expect(def.prerolls.map((p) => [p.location, p.for_vod, p.for_live, p.url])).toEqual([
      [vodAt, true, false, "media:promo/preroll.mp4"],
      [liveAt, false, true, "media:promo/preroll.mp4"],
    ]);
  });
});

describe("translatable text", () => {
  it("accepts a string or an {en, fr} object", () => {
    expect(localizedSchema.parse("Home")).toBe("Home");
    expect(localizedSchema.parse({ en: "Home", fr: "Accueil" })).toEqual({ en: "Home", fr: "Accueil" });
    expect(localizedSchema.parse({ fr: "Accueil" })).toEqual({ fr: "Accueil" });
  });

  it("refuses other languages, empty objects and non-text", () => {
    expect(localizedSchema.safeParse({ de: "Start" }).success).toBe(false);
    expect(localizedSchema.safeParse({}).success).toBe(false);
    expect(localizedSchema.safeParse(42).success).toBe(false);
    expect(localizedSchema.safeParse("").success).toBe(false);
  });

  it("is accepted in either form wherever a definition takes text", () => {
    const def = parse({ ...base(), faq: [{ key: "a", question: "Why?", answer: { en: "Because.", fr: "Parce que." } }] });
    expect(def.faq[0]).toMatchObject({ question: "Why?", answer: { en: "Because.", fr: "Parce que." } });
  });
});

describe("reading a tenant folder", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  async function tenantDir(json: unknown, files: Record<string, string> = {}) {
    const root = await mkdtemp(path.join(tmpdir(), "tenant-"));
    dirs.push(root);
    const dir = path.join(root, "demo");
    await mkdir(dir);
    await writeFile(path.join(dir, "channel.json"), JSON.stringify(json));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    return dir;
  }

  it("fills page content from pages/<slug>.<lang>.md", async () => {
    const raw = { ...base(), pages: [{ url: "/about", name: "About" }] };
    const dir = await tenantDir(raw, { "pages/about.en.md": "# About\n", "pages/about.fr.md": "# À propos\n" });
    const { definition } = await readTenant(dir);
    expect(definition.pages[0].content).toEqual({ en: "# About\n", fr: "# À propos\n" });
  });

  it("names the file and the field of a missing image", async () => {
    const dir = await tenantDir({ ...base(), settings: { logo: "logo.svg" } });
    await expect(readTenant(dir)).rejects.toThrow(/demo\/channel\.json: settings\.logo: image "logo\.svg" not found/);
  });

  it("names the file on invalid JSON", async () => {
    const dir = await tenantDir({});
    await writeFile(path.join(dir, "channel.json"), "{ nope");
    await expect(readTenant(dir)).rejects.toThrow(/demo\/channel\.json: /);
  });
});

describe("player.seek_step_s (SPEC §9 seek steps)", () => {
  it("a channel.json may set a whole number of seconds from 5 to 60", () => {
    expect(parse({ ...base(), settings: { "player.seek_step_s": 5 } }).settings["player.seek_step_s"]).toBe(5);
    expect(parse({ ...base(), settings: { "player.seek_step_s": 60 } }).settings["player.seek_step_s"]).toBe(60);
    for (const bad of [4, 61, 7.5, "15", -10]) {
      expect(errorOf({ ...base(), settings: { "player.seek_step_s": bad } }), String(bad)).toMatch(/channel\.json: settings\.player\.seek_step_s: /);
    }
  });

  it("the API reads 10 when unset, and falls back to 10 for a bad stored value", () => {
    expect(channelSettingsSchema.parse({})["player.seek_step_s"]).toBe(10);
    expect(channelSettingsSchema.parse({ "player.seek_step_s": 15 })["player.seek_step_s"]).toBe(15);
    for (const bad of [3, 90, "abc", 12.5, null]) expect(channelSettingsSchema.parse({ "player.seek_step_s": bad })["player.seek_step_s"], String(bad)).toBe(10);
  });
});

describe("streams.heartbeat_s (issue 24: a product timer is a channel setting)", () => {
  it("a channel.json may set a whole number of seconds from 5 to 300", () => {
    expect(parse({ ...base(), settings: { "streams.heartbeat_s": 5 } }).settings["streams.heartbeat_s"]).toBe(5);
    expect(parse({ ...base(), settings: { "streams.heartbeat_s": 300 } }).settings["streams.heartbeat_s"]).toBe(300);
    for (const bad of [4, 301, 7.5, "30", 0]) {
      expect(errorOf({ ...base(), settings: { "streams.heartbeat_s": bad } }), String(bad)).toMatch(/channel\.json: settings\.streams\.heartbeat_s: /);
    }
  });

  it("the API reads 30 when unset, and falls back to 30 for a bad stored value", () => {
    expect(channelSettingsSchema.parse({})["streams.heartbeat_s"]).toBe(30);
    expect(channelSettingsSchema.parse({ "streams.heartbeat_s": 5 })["streams.heartbeat_s"]).toBe(5);
    for (const bad of [2, 600, "abc", 12.5, null]) expect(channelSettingsSchema.parse({ "streams.heartbeat_s": bad })["streams.heartbeat_s"], String(bad)).toBe(30);
  });
});
