// Channel calls (SPEC §7 "Channel", "FAQ and forms"): the api_key rule, shapes, languages, tenant isolation, and
// no 500 for bad input.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BootstrapData, MenuItem, Page, PageSummary, Slide } from "@api/contract/channel";
import { getDb } from "@api/db/client";
import { customFormSubmissions } from "@api/db/schema";
import { CHANNEL_KEYS, call, type Fixtures, HOSTS, mintKey, postJson, seedChannels } from "./fixtures";

type ErrorBody = { message: string; errors?: Record<string, string[]> };
const db = getDb(env.DB);

let fx: Fixtures;
let alphaKey: string;
let betaKey: string;
beforeAll(async () => {
  fx = await seedChannels();
  alphaKey = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha);
  betaKey = await mintKey(HOSTS.beta, CHANNEL_KEYS.beta);
});

const withKey = (path: string, key: string) => `${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(key)}`;
async function data<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

describe("the api_key rule", () => {
  const keyed = () => [`/api/pages/${fx.alpha.pageIds[0]}`, "/api/custom-forms/contact"];

  it("a keyed GET without a key is a 403 naming api_key", async () => {
    for (const path of keyed()) {
      const res = await call(HOSTS.alpha, path);
      expect(res.status, path).toBe(403);
      const body = (await res.json()) as ErrorBody;
      expect(body).toEqual({ message: "No chanel or api key found", errors: { api_key: ["No chanel or api key found"] } });
    }
  });

  it("a keyed GET with the key in the query is a 200", async () => {
    const page = await data<Page>(await call(HOSTS.alpha, withKey(keyed()[0], alphaKey)));
    expect(page).toEqual({ id: fx.alpha.pageIds[0], url: "about", name: "About", alt_name: null, description: null, content: "# About Alpha" });
    const form = await data<{ alias: string; fields: { name: string }[] }>(await call(HOSTS.alpha, withKey(keyed()[1], alphaKey)));
    expect(form.alias).toBe("contact");
    expect(form.fields.map((f) => f.name)).toEqual(["name", "email"]);
  });

  it("a wrong key, or alpha's key on beta's host, is a 403", async () => {
    const res = await call(HOSTS.alpha, withKey(keyed()[0], "not-a-key"));
    expect(res.status).toBe(403);
    const cross = await call(HOSTS.beta, withKey(`/api/pages/${fx.beta.pageIds[0]}`, alphaKey));
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as ErrorBody).errors).toHaveProperty("api_key");
  });

  it("a form submission with api_key in the JSON body is stored", async () => {
    const res = await call(HOSTS.alpha, "/api/custom-forms/contact", postJson({ api_key: alphaKey, name: "Ada", email: "ada@example.com" }));
    expect(await data(res)).toEqual({ received: true });
    const rows = await db.select().from(customFormSubmissions).where(eq(customFormSubmissions.channelId, fx.alpha.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ formId: fx.alpha.formId, data: { name: "Ada", email: "ada@example.com" } });
    expect(JSON.stringify(rows[0].data)).not.toContain(alphaKey);
  });

  it("a form submission with the key only in the query is a 403", async () => {
    const res = await call(HOSTS.alpha, withKey("/api/custom-forms/contact", alphaKey), postJson({ name: "Bob", email: "bob@example.com" }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).errors).toHaveProperty("api_key");
    const rows = await db.select().from(customFormSubmissions).where(eq(customFormSubmissions.channelId, fx.alpha.id));
    expect(rows.some((r) => JSON.stringify(r.data).includes("Bob"))).toBe(false);
  });

  it("an invalid submission is a 422 with per-field messages in the SPEC's words", async () => {
    const res = await call(HOSTS.alpha, "/api/custom-forms/contact", postJson({ api_key: alphaKey, name: "", email: "nope" }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors).toEqual({ name: ["Field is required"], email: ["A valid email address is required"] });
    expect(body.message).toBe("Field is required");
  });

  it("an unknown form is a 404", async () => {
    expect((await call(HOSTS.alpha, withKey("/api/custom-forms/nosuch", alphaKey))).status).toBe(404);
    expect((await call(HOSTS.alpha, "/api/custom-forms/nosuch", postJson({ api_key: alphaKey }))).status).toBe(404);
  });
});

describe("public calls answer without a key", () => {
  it("settings", async () => {
    const settings = await data<Record<string, unknown>>(await call(HOSTS.alpha, "/api/settings"));
    expect(settings).toMatchObject({ name: "Alpha Sports", alias: "alpha", language: "en", title: "Alpha Sports Live", prerolls: [] });
  });

  it("menu, with children nested under their parent", async () => {
    const menu = await data<MenuItem[]>(await call(HOSTS.alpha, "/api/menu"));
    expect(menu.map((m) => [m.id, m.name])).toEqual([
      [fx.alpha.menu.home, "Home"],
      [fx.alpha.menu.parent, "More"],
    ]);
    expect(menu[1].children).toEqual([
      { id: fx.alpha.menu.child, name: "About us", kind: "page", placement: "both", url: null, alias: "about", image: null, children: [] },
    ]);
  });

  it("slides/web, all or of one type", async () => {
    const all = await data<Slide[]>(await call(HOSTS.alpha, "/api/slides/web"));
    expect(all.map((s) => [s.id, s.slidable_type])).toEqual([
      [fx.alpha.slideIds[0], "main"],
      [fx.alpha.slideIds[1], "category"],
    ]);
    expect(all[0]).toMatchObject({ title: "Season opener", image_alt: "Season opener", link_url: "/events" });
    const main = await data<Slide[]>(await call(HOSTS.alpha, "/api/slides/web?type=main"));
    expect(main.map((s) => s.id)).toEqual([fx.alpha.slideIds[0]]);
  });

  it("pages, faq and color-settings/web", async () => {
    const pages = await data<PageSummary[]>(await call(HOSTS.alpha, "/api/pages"));
    expect(pages).toEqual([
      { id: fx.alpha.pageIds[0], url: "about", name: "About", alt_name: null },
      { id: fx.alpha.pageIds[1], url: "terms", name: "Terms", alt_name: "Terms of use" },
    ]);
    const faq = await data<unknown[]>(await call(HOSTS.alpha, "/api/faq"));
    expect(faq).toEqual([{ id: expect.any(Number), question: "What is Alpha?", answer: "A channel." }]);
    const colors = await data<Record<string, string>>(await call(HOSTS.alpha, "/api/color-settings/web"));
    expect(colors).toEqual({ primary: "#0a84ff", background: "#ffffff" });
  });

  it("channel-bootstrap-data holds every key SPEC §7 lists", async () => {
    const boot = await data<BootstrapData>(await call(HOSTS.alpha, "/api/channel-bootstrap-data?client_interface=web"));
    expect(Object.keys(boot).sort()).toEqual(
      [
        "categories",
        "color_settings",
        "faq",
        "locations",
        "menu",
        "packages",
        "pages",
        "participant_group_properties",
        "participant_groups",
        "settings",
        "share_image",
        "slides",
        "social_providers",
        "static_blocks",
        "subscriptions",
      ].sort(),
    );
    expect(boot.color_settings).toEqual({ primary: "#0a84ff", background: "#ffffff" });
    expect(boot.slides).toHaveLength(2);
    expect(boot.pages).toHaveLength(2);
    expect(boot.menu[1].children).toHaveLength(1);
    expect(boot.static_blocks).toEqual([expect.objectContaining({ placement: "home_top", title: "Welcome", content: "Hello **fans**" })]);
    expect(boot.settings).toMatchObject({ alias: "alpha", language: "en" });
  });
});

describe("languages", () => {
  it("beta answers in French by default and in English on ?lang=en", async () => {
    expect((await data<MenuItem[]>(await call(HOSTS.beta, "/api/menu")))[0].name).toBe("Accueil");
    expect((await data<MenuItem[]>(await call(HOSTS.beta, "/api/menu?lang=en")))[0].name).toBe("Home");
    expect((await data<PageSummary[]>(await call(HOSTS.beta, "/api/pages")))[0].name).toBe("À propos");
    expect((await data<Slide[]>(await call(HOSTS.beta, "/api/slides/web?lang=en")))[0].title).toBe("Big game");
    const page = await data<Page>(await call(HOSTS.beta, withKey(`/api/pages/${fx.beta.pageIds[0]}?lang=en`, betaKey)));
    expect(page.content).toBe("About Beta");
    const boot = await data<BootstrapData>(await call(HOSTS.beta, "/api/channel-bootstrap-data?client_interface=web"));
    expect([boot.settings.language, boot.faq[0].answer, boot.static_blocks[0].title]).toEqual(["fr", "Une chaîne.", "Bienvenue"]);
  });

  it("falls back to the channel's language when a text lacks the asked one", async () => {
    expect((await data<MenuItem[]>(await call(HOSTS.alpha, "/api/menu?lang=fr")))[0].name).toBe("Home");
  });

  it("an unknown ?lang is a 422 naming lang", async () => {
    for (const path of ["/api/menu?lang=xx", "/api/pages?lang=xx", "/api/faq?lang=de", "/api/channel-bootstrap-data?lang=xx"]) {
      const res = await call(HOSTS.beta, path);
      expect(res.status, path).toBe(422);
      expect(((await res.json()) as ErrorBody).errors, path).toHaveProperty("lang");
    }
  });
});

describe("tenant isolation and bad input", () => {
  it("alpha's page requested on beta's host is a 404", async () => {
    const res = await call(HOSTS.beta, withKey(`/api/pages/${fx.alpha.pageIds[0]}`, betaKey));
    expect(res.status).toBe(404);
  });

  it('pages/:id with id "abc" is a 422 naming id', async () => {
    const res = await call(HOSTS.alpha, withKey("/api/pages/abc", alphaKey));
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).errors).toHaveProperty("id");
  });

  it("never answers 500 for bad input", async () => {
    const k = () => `api_key=${encodeURIComponent(alphaKey)}`;
    const form = (body: string, type: string): RequestInit => ({ method: "POST", headers: { "content-type": type }, body });
    const cases: [string, RequestInit?][] = [
      ["/api/pages/abc"],
      [`/api/pages/-1?${k()}`],
      [`/api/pages/1.5?${k()}`],
      [`/api/pages/99999999999999999999999?${k()}`],
      [`/api/pages/%E0%A4%A?${k()}`],
      [`/api/pages/1?api_key=%E0%A4%A`],
      [`/api/pages/1?api_key=${"x".repeat(5000)}`],
      [`/api/pages/1?${k()}&lang=en&lang=fr`],
      ["/api/slides/fridge"],
      ["/api/slides/web?type=nope"],
      ["/api/color-settings/%00"],
      ["/api/channel-bootstrap-data?client_interface=fridge"],
      [`/api/custom-forms/${encodeURIComponent("../../etc")}?${k()}`],
      [`/api/custom-forms/${"a".repeat(300)}?${k()}`],
      ["/api/custom-forms/contact", postJson("{not json")],
      ["/api/custom-forms/contact", postJson("[1,2]")],
      ["/api/custom-forms/contact", postJson({ api_key: 12345 })],
      ["/api/custom-forms/contact", postJson({ api_key: alphaKey, name: { $gt: "" }, email: ["a@b.co"] })],
      ["/api/custom-forms/contact", form("api_key=&name=x", "application/x-www-form-urlencoded")],
      ["/api/custom-forms/contact", form("hello", "text/plain")],
      ["/api/custom-forms/contact", form("--x\r\nbroken", "multipart/form-data; boundary=x")],
      ["/api/get_api_key", postJson({ channel_key: "x".repeat(10_000) })],
      ["/api/get_api_key", postJson({ channel_key: null })],
      ["/api/get_api_key", postJson("{channel_key:")],
      ["/api/get_api_key", form("%%%", "application/x-www-form-urlencoded")],
      ["/api/assets/..%2F..%2Fsecret"],
      ["/api/nosuch/route"],
      ["/api/settings", { method: "DELETE" }],
    ];
    // Every case runs; the failures are listed together.
    const failures: string[] = [];
    for (const [path, init] of cases) {
      const res = await call(HOSTS.alpha, path, init);
      const type = res.headers.get("content-type") ?? "";
      if (res.status >= 500 || !type.includes("application/json")) {
        failures.push(`${init?.method ?? "GET"} ${path.slice(0, 60)} ${String(init?.body ?? "").slice(0, 30)} → ${res.status} ${type}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
