// Two small channels (alpha, beta) and a suspended one (offline), inserted straight into local D1 with Drizzle.
// Seeding is idempotent: the channels are deleted (their rows cascade) and inserted again, and the host cache is
// dropped so the API sees the new ids.
import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { getDb } from "@api/db/client";
import {
  channelDomains,
  channelSettings,
  channels,
  colorSettings,
  customForms,
  faqs,
  menuItems,
  pages,
  slides,
  staticBlocks,
} from "@api/db/schema";
import { api } from "@api/index";
import { clearChannelCache } from "@api/middleware/tenant";

export const HOSTS = { alpha: "alpha.localhost", beta: "beta.localhost", offline: "offline.localhost" } as const;
export const ALPHA_DOMAIN = "alpha.example.com";
export const CHANNEL_KEYS = { alpha: "ck_test_alpha", beta: "ck_test_beta", offline: "ck_test_offline" } as const;

export interface Fixtures {
  alpha: { id: number; pageIds: [number, number]; menu: { parent: number; child: number; home: number }; slideIds: number[]; formId: number };
  beta: { id: number; pageIds: [number]; menu: { home: number }; formId: number };
  offline: { id: number };
}

export async function seedChannels(): Promise<Fixtures> {
  const db = getDb(env.DB);
  await db.delete(channels).where(inArray(channels.alias, ["alpha", "beta", "offline"]));
  await db.delete(channelDomains).where(inArray(channelDomains.hostname, [ALPHA_DOMAIN]));

  const [alpha, beta, offline] = await db
    .insert(channels)
    .values([
      { alias: "alpha", name: "Alpha Sports", channelKey: CHANNEL_KEYS.alpha },
      { alias: "beta", name: "Beta TV", channelKey: CHANNEL_KEYS.beta },
      { alias: "offline", name: "Offline", channelKey: CHANNEL_KEYS.offline, status: "suspended" },
    ])
    .returning({ id: channels.id });

  await db.insert(channelDomains).values({ channelId: alpha.id, hostname: ALPHA_DOMAIN });
  await db.insert(channelSettings).values([
    { channelId: alpha.id, key: "language", value: "en" },
    { channelId: alpha.id, key: "title", value: "Alpha Sports Live" },
    { channelId: beta.id, key: "language", value: "fr" },
    { channelId: beta.id, key: "languages", value: ["fr", "en"] },
    { channelId: offline.id, key: "language", value: "en" },
  ]);
  await db.insert(colorSettings).values([
    { channelId: alpha.id, key: "primary", value: "#0a84ff" },
    { channelId: alpha.id, key: "background", value: "#ffffff" },
    { channelId: alpha.id, clientInterface: "tv", key: "primary", value: "#000000" },
    { channelId: beta.id, key: "primary", value: "#e63946" },
  ]);

  // Alpha: a header link, and a group with one child page.
  const [alphaHome, parent] = await db
    .insert(menuItems)
    .values([
      { channelId: alpha.id, key: "home", placement: "header", kind: "link", name: { en: "Home" }, url: "/", weight: 0 },
      { channelId: alpha.id, key: "more", placement: "both", kind: "group", name: { en: "More" }, weight: 1 },
    ])
    .returning({ id: menuItems.id });
  const [child] = await db
    .insert(menuItems)
    .values({ channelId: alpha.id, key: "about", parentId: parent.id, placement: "both", kind: "page", name: { en: "About us" }, alias: "about", weight: 0 })
    .returning({ id: menuItems.id });
  const [betaHome] = await db
    .insert(menuItems)
    .values({ channelId: beta.id, key: "home", placement: "header", kind: "link", name: { en: "Home", fr: "Accueil" }, url: "/" })
    .returning({ id: menuItems.id });

  const alphaSlides = await db
    .insert(slides)
    .values([
      { channelId: alpha.id, key: "hero", slidableType: "main", title: { en: "Season opener" }, image: "/api/assets/hero.jpg", linkUrl: "/events", weight: 0 },
      { channelId: alpha.id, key: "hockey", slidableType: "category", slidableId: 7, slidableAlias: "hockey", title: "Hockey", image: "/api/assets/hockey.jpg", weight: 1 },
    ])
    .returning({ id: slides.id });
  await db.insert(slides).values({ channelId: beta.id, key: "hero", slidableType: "main", title: { en: "Big game", fr: "Grand match" }, image: "/api/assets/b.jpg" });

  const [about, terms, betaAbout] = await db
    .insert(pages)
    .values([
      { channelId: alpha.id, url: "about", name: { en: "About" }, content: { en: "# About Alpha" }, weight: 0 },
      { channelId: alpha.id, url: "terms", name: { en: "Terms" }, altName: { en: "Terms of use" }, content: { en: "Terms text" }, weight: 1 },
      { channelId: beta.id, url: "about", name: { en: "About", fr: "À propos" }, content: { en: "About Beta", fr: "À propos de Beta" } },
    ])
    .returning({ id: pages.id });

  await db.insert(faqs).values([
    { channelId: alpha.id, key: "what", question: { en: "What is Alpha?" }, answer: { en: "A channel." } },
    { channelId: beta.id, key: "what", question: { en: "What is Beta?", fr: "Qu'est-ce que Beta ?" }, answer: { en: "A channel.", fr: "Une chaîne." } },
  ]);
  await db.insert(staticBlocks).values([
    { channelId: alpha.id, key: "welcome", placement: "home_top", type: "text", title: { en: "Welcome" }, content: { en: "Hello **fans**" } },
    { channelId: beta.id, key: "welcome", placement: "home_top", type: "text", title: { en: "Welcome", fr: "Bienvenue" } },
  ]);

  const contactFields = [
    { name: "name", type: "text", label: { en: "Name", fr: "Nom" }, required: true, max_length: 100 },
    { name: "email", type: "email", label: "Email", required: true },
  ];
  const [alphaForm, betaForm] = await db
    .insert(customForms)
    .values([
      { channelId: alpha.id, alias: "contact", title: { en: "Contact us" }, fields: contactFields },
      { channelId: beta.id, alias: "contact", title: { en: "Contact", fr: "Contact" }, fields: contactFields },
    ])
    .returning({ id: customForms.id });

  clearChannelCache();
  return {
    alpha: {
      id: alpha.id,
      pageIds: [about.id, terms.id],
      menu: { parent: parent.id, child: child.id, home: alphaHome.id },
      slideIds: alphaSlides.map((s) => s.id),
      formId: alphaForm.id,
    },
    beta: { id: beta.id, pageIds: [betaAbout.id], menu: { home: betaHome.id }, formId: betaForm.id },
    offline: { id: offline.id },
  };
}

/** An ExecutionContext that collects waitUntil promises. */
export function testContext() {
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => void pending.push(p),
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext;
  return { ctx, settle: () => Promise.allSettled(pending.splice(0)) };
}

type Fetchable = { fetch: (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response> };

/** Calls the API on a host: `call("alpha.localhost", "/api/settings")`; `bindings` replaces the env (e.g. a queue stand-in). */
export function call(host: string, path: string, init?: RequestInit, app: Fetchable = api, bindings: Env = env): Promise<Response> {
  return Promise.resolve(app.fetch(new Request(`http://${host}${path}`, init), bindings, testContext().ctx));
}

export const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

/** Mints an api key through the handshake. */
export async function mintKey(host: string, channelKey: string, app: Fetchable = api): Promise<string> {
  const res = await call(host, "/api/get_api_key", postJson({ channel_key: channelKey }), app);
  if (res.status !== 200) throw new Error(`get_api_key on ${host} answered ${res.status}`);
  return ((await res.json()) as { data: { api_key: string } }).data.api_key;
}
