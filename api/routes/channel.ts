// Channel calls (SPEC §7 "Channel", "FAQ and forms").
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import type { BootstrapData } from "../contract/channel";
import { clientInterfaceSchema } from "../contract/channel";
import { idParamSchema, languageSchema } from "../contract/common";
import { EN_VALIDATION, customFormSchema } from "../contract/validation";
import {
  colorsQuery,
  faqQuery,
  findCustomForm,
  findPage,
  menuQuery,
  pageListQuery,
  prerollsQuery,
  settingsQuery,
  slidesQuery,
  staticBlocksQuery,
} from "../db/repos/content";
import { categoriesQuery, groupPropertiesQuery, groupsQuery, locationsQuery } from "../db/repos/catalogue-taxonomy";
import { customFormSubmissions } from "../db/schema";
import { notFound } from "../lib/errors";
import { body, param, parse, query, readBody } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { RULES, throttle, throttleKeys } from "../services/auth/throttle";
import * as map from "../services/channel-content";
import { requestLang } from "../services/lang";
import { toCategoryTree, toGroup, toGroupProperty, toLocation } from "../services/catalogue-taxonomy";
import { activeProductsQuery, productNameQueries } from "../db/repos/products";
import { toCommerceBootstrap } from "../services/commerce/products";
import { channelShareImage } from "../services/artwork/urls";

const langQuery = z.object({ lang: languageSchema.optional() });
const slidesQuerySchema = langQuery.extend({ type: z.enum(["main", "category", "participant", "group"]).optional() });
const bootstrapQuerySchema = langQuery.extend({ client_interface: clientInterfaceSchema });
const interfaceParam = z.object({ client_interface: z.enum(["web", "tv", "mobile"]) });
const aliasParam = z.object({ alias: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "Unknown form") });
const apiKeyOnly = z.object({ api_key: z.string().optional() });

export const channelRoutes = new Hono<AppEnv>()
  .get("/settings", async (c) => {
    const { db, channel } = vars(c);
    const [rows, prerolls] = await db.batch([settingsQuery(db, channel.id), prerollsQuery(db, channel.id)]);
    return c.json({ data: map.toSettings(channel, rows, prerolls) });
  })
  .get("/menu", query(langQuery), async (c) => {
    const { db, channel } = vars(c);
    return c.json({ data: map.toMenu(await menuQuery(db, channel.id), requestLang(c.req.valid("query").lang, channel)) });
  })
  .get("/slides/:client_interface", param(interfaceParam), query(slidesQuerySchema), async (c) => {
    const { db, channel } = vars(c);
    const q = c.req.valid("query");
    const rows = await slidesQuery(db, channel.id, c.req.valid("param").client_interface, q.type);
    return c.json({ data: rows.map((r) => map.toSlide(r, requestLang(q.lang, channel))) });
  })
  .get("/pages", query(langQuery), async (c) => {
    const { db, channel } = vars(c);
    const l = requestLang(c.req.valid("query").lang, channel);
    return c.json({ data: (await pageListQuery(db, channel.id)).map((r) => map.toPageSummary(r, l)) });
  })
  .get("/pages/:id", requireApiKey, param(idParamSchema), query(langQuery.extend(apiKeyOnly.shape)), async (c) => {
    const { db, channel } = vars(c);
    const page = await findPage(db, channel.id, c.req.valid("param").id);
    if (!page) throw notFound();
    return c.json({ data: map.toPage(page, requestLang(c.req.valid("query").lang, channel)) });
  })
  .get("/color-settings/:client_interface", param(interfaceParam), async (c) => {
    const { db, channel } = vars(c);
    return c.json({ data: map.toColors(await colorsQuery(db, channel.id, c.req.valid("param").client_interface)) });
  })
  .get("/faq", query(langQuery), async (c) => {
    const { db, channel } = vars(c);
    const l = requestLang(c.req.valid("query").lang, channel);
    return c.json({ data: (await faqQuery(db, channel.id)).map((r) => map.toFaq(r, l)) });
  })
  .get("/custom-forms/:alias", requireApiKey, param(aliasParam), query(langQuery.extend(apiKeyOnly.shape)), async (c) => {
    const { db, channel } = vars(c);
    const form = await findCustomForm(db, channel.id, c.req.valid("param").alias);
    if (!form) throw notFound();
    return c.json({ data: map.toCustomForm(form, requestLang(c.req.valid("query").lang, channel)) });
  })
  .post("/custom-forms/:alias", requireApiKey, param(aliasParam), body(apiKeyOnly.extend(langQuery.shape).loose()), async (c) => {
    const { db, channel } = vars(c);
    const row = await findCustomForm(db, channel.id, c.req.valid("param").alias);
    if (!row) throw notFound();
    // Per address, captcha or not (issue 25): a public form is not a way to fill the owner's inbox by script.
    const ip = c.req.header("cf-connecting-ip")?.trim();
    if (ip) await throttle(c.env, c.get("now")(), [[throttleKeys.formIp(channel.id, ip), RULES.formIp]]);
    const form = map.toCustomForm(row, requestLang(undefined, channel));
    const values = parse(customFormSchema(form.fields, EN_VALIDATION), await readBody(c.req));
    await db.insert(customFormSubmissions).values({ channelId: channel.id, formId: form.id, data: values, createdAt: c.get("now")() });
    c.header("Cache-Control", "no-store");
    return c.json({ data: { received: true } });
  })
  .get("/channel-bootstrap-data", query(bootstrapQuerySchema), async (c) => {
    const { db, channel } = vars(c);
    const q = c.req.valid("query");
    const l = requestLang(q.lang, channel);
    // Everything in one D1 round trip.
    const [settings, colors, menu, slides, pages, faq, blocks, prerolls, categories, locations, groups, groupProperties, products, productRefs, productCategories, productTeams] = await db.batch([
      settingsQuery(db, channel.id),
      colorsQuery(db, channel.id, q.client_interface),
      menuQuery(db, channel.id),
      slidesQuery(db, channel.id, q.client_interface),
      pageListQuery(db, channel.id),
      faqQuery(db, channel.id),
      staticBlocksQuery(db, channel.id),
      prerollsQuery(db, channel.id),
      categoriesQuery(db, channel.id),
      locationsQuery(db, channel.id),
      groupsQuery(db, channel.id),
      groupPropertiesQuery(db, channel.id),
      activeProductsQuery(db, channel.id, ["package", "subscription", "bundle"]),
      ...productNameQueries(db, channel.id),
    ]);
    const resolved = map.toSettings(channel, settings, prerolls);
    const data: BootstrapData = {
      ...toCommerceBootstrap(products, { products: productRefs, categories: productCategories, participants: productTeams }, l),
      categories: toCategoryTree(categories, l),
      locations: locations.map((r) => toLocation(r, l)),
      participant_groups: groups.map((r) => toGroup(r, l)),
      participant_group_properties: groupProperties.map((r) => toGroupProperty(r, l)),
      color_settings: map.toColors(colors),
      faq: faq.map((r) => map.toFaq(r, l)),
      menu: map.toMenu(menu, l),
      pages: pages.map((r) => map.toPageSummary(r, l)),
      settings: resolved,
      social_providers: map.toSocialProviders(c.env, resolved),
      slides: slides.map((r) => map.toSlide(r, l)),
      static_blocks: blocks.map((r) => map.toStaticBlock(r, l)),
      share_image: channelShareImage(channel.brand, resolved.description),
    };
    return c.json({ data });
  });

function vars(c: { get: <K extends "db" | "channel">(k: K) => AppEnv["Variables"][K] }) {
  return { db: c.get("db"), channel: c.get("channel") };
}
