// GET /simulate (issue 6): "what is the cheapest way to watch this?" for an event, a team or a sport. The ranking is
// the pure simulate.ts; this route loads what it reads (the channel's products, the target, the sport tree and, for
// a signed-in caller, their orders and trial flag) and adds where to get each option. Bearer is optional: a bad or
// missing token simply asks as an anonymous visitor (no owned passes, no trial).
import { Hono, type Context } from "hono";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { purchaseStateQuerySchema, simulateQuerySchema } from "../contract/commerce";
import { COMMERCE_MESSAGES, type PurchasedWire, type PurchaseStateWire, type SimulateOptionWire, type SimulateResultWire } from "../contract/commerce-types";
import { activeOrdersOf, categoryParentsQuery, parentMap } from "../db/repos/orders";
import { activeProductsQuery, productNameQueries } from "../db/repos/products";
import { eventCategories, participants, type ProductRow } from "../db/schema";
import { channelEventQuery } from "../db/repos/catalogue-events";
import { notFound } from "../lib/errors";
import { query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { bearerToken, currentUser } from "../middleware/user";
import { categoryAncestry } from "../services/access";
import { toMajor } from "../services/commerce/pricing";
import { toProduct } from "../services/commerce/products";
import { purchaseState } from "../services/commerce/rules";
import { simulate, type SimulateOption, type SimulateTarget } from "../services/commerce/simulate";
import { type Lang, requestLang, tr } from "../services/lang";

type Ask = { event_id?: number; participant_id?: number; event_category_id?: number };
type Target = { wire: SimulateResultWire["target"]; build: (parents: ReadonlyMap<number, number | null>) => SimulateTarget };

/** The event, team or sport asked about, of this channel only (another channel's id is a 404). */
async function loadTarget(c: Context<AppEnv>, ask: Ask, l: Lang): Promise<Target> {
  const db = c.get("db");
  const channelId = c.get("channel").id;
  if (ask.event_id !== undefined) {
    const e = await channelEventQuery(db, channelId, ask.event_id).get();
    if (!e) throw notFound();
    return {
      wire: { kind: "event", id: e.id, name: tr(e.name, l) },
      build: (parents) => ({
        kind: "event",
        event: { id: e.id, type: e.type, homeTeamId: e.homeTeamId, awayTeamId: e.awayTeamId },
        categoryPath: categoryAncestry(e.eventCategoryId, parents),
      }),
    };
  }
  if (ask.participant_id !== undefined) {
    const p = await db.select().from(participants).where(and(eq(participants.channelId, channelId), eq(participants.id, ask.participant_id))).get();
    if (!p) throw notFound();
    return {
      wire: { kind: "team", id: p.id, name: tr(p.name, l) },
      build: (parents) => ({ kind: "team", participantId: p.id, categoryPath: categoryAncestry(p.eventCategoryId, parents) }),
    };
  }
  const id = ask.event_category_id!;
  const s = await db.select().from(eventCategories).where(and(eq(eventCategories.channelId, channelId), eq(eventCategories.id, id))).get();
  if (!s) throw notFound();
  return { wire: { kind: "sport", id: s.id, name: tr(s.name, l) }, build: (parents) => ({ kind: "sport", categoryPath: categoryAncestry(s.id, parents) }) };
}

/**
 * Where to get an option (the web app's routes, SPEC §2 query parameters): a pass whose sports or teams the buyer
 * picks goes through /select-package; a single-event package is bought with its event; the rest straight to /buy.
 * What the user already owns needs no buying: for an event, the link is the watch page.
 */
function linkOf(row: ProductRow, option: SimulateOption, target: Target["wire"]): string | null {
  if (option.owned) return target.kind === "event" ? `/watch/${target.id}` : null;
  if (row.kind === "subscription") return `/buy?subscription_id=${row.id}`;
  if (row.kind === "package" && row.eventId !== null) return `/buy?event_id=${row.eventId}&single_event_package_id=${row.id}`;
  if (row.kind === "package" && row.maxChoices !== null) return `/select-package/${row.id}`;
  return `/buy?package_id=${row.id}`;
}

export const simulateRoutes = new Hono<AppEnv>().get("/simulate", requireApiKey, query(simulateQuerySchema), async (c) => {
  const ask = c.req.valid("query");
  const channel = c.get("channel");
  const db = c.get("db");
  const now = c.get("now")();
  const l = requestLang(ask.lang, channel);
  const found = bearerToken(c) ? await currentUser(c) : null;
  const user = found?.user ?? null;
  const [target, [rows, refs, categories, teams, parents], orders] = await Promise.all([
    loadTarget(c, ask, l),
    db.batch([activeProductsQuery(db, channel.id, ["package", "subscription", "bundle"]), ...productNameQueries(db, channel.id), categoryParentsQuery(db, channel.id)]),
    user ? activeOrdersOf(db, channel.id, user.id, now) : Promise.resolve([]),
  ]);
  const result = simulate({
    target: target.build(parentMap(parents)),
    products: rows,
    orders,
    user: user && { trial_period_used: user.trialPeriodUsed },
    now,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const names = { products: refs, categories, participants: teams };
  const options: SimulateOptionWire[] = result.options.map((o) => {
    const row = byId.get(o.product_id)!;
    return {
      product: toProduct(row, names, l),
      price: toMajor(o.price),
      effective_price: toMajor(o.effective_price),
      currency: row.currency,
      owned: o.owned,
      trial_days: o.trial_days,
      link: linkOf(row, o, target.wire),
    };
  });
  // The answer depends on who asks (owned passes, trial): never shared by caches.
  c.header("Cache-Control", "private, no-store");
  const data: SimulateResultWire = { target: target.wire, needs_purchase: result.needs_purchase, options };
  return c.json({ data });
})
  .get("/purchase-state", requireApiKey, query(purchaseStateQuerySchema), async (c) => {
    const { product_id } = c.req.valid("query");
    const channel = c.get("channel");
    const db = c.get("db");
    const now = c.get("now")();
    const found = bearerToken(c) ? await currentUser(c) : null;
    const [rows, orders] = await Promise.all([
      activeProductsQuery(db, channel.id, ["package", "subscription", "bundle"]),
      found ? activeOrdersOf(db, channel.id, found.user.id, now) : Promise.resolve([]),
    ]);
    // The answer depends on who asks: never shared by caches.
    c.header("Cache-Control", "private, no-store");
    if (product_id === undefined) {
      const all: PurchasedWire = { purchased_ids: rows.filter((r) => purchaseState(r, orders, now, rows).purchased).map((r) => r.id) };
      return c.json({ data: all });
    }
    // Another channel's product, or one off sale, is not found (the tenant comes from the key, never the input).
    const product = rows.find((r) => r.id === product_id);
    if (!product) throw notFound(COMMERCE_MESSAGES.passNotFound);
    const data: PurchaseStateWire = purchaseState(product, orders, now, rows);
    return c.json({ data });
  });
