// Demo accounts of a tenant (`tenants/<alias>/users.json`). Passwords are hashed at load with the API's own
// PBKDF2 code (WebCrypto, so Node and workerd alike). Accounts are only ever inserted when missing: re-running
// setup must not undo a password a tester changed, and must never delete someone's account.
// A user may hold demo purchases (`orders`): products of products.json as paid, active orders inserted once per
// (user, product), never updated, so an order a tester refunded or cancelled stays as it is.
import { z } from "zod";
import { CAPABILITIES, USER_ROLES } from "../contract/auth";
import { LANGUAGES } from "../contract/constants";
import { hashPassword } from "../services/auth/passwords";
import { CHANNEL_ID, type Section } from "./sync";
import { DEFINITION_MESSAGES as DM, definitionMessage as say } from "../contract/definition-messages";

const DAY_MS = 86_400_000;

/**
 * A demo purchase: a product of products.json by key, bought as a paid, active order (provider "seed", with a paid
 * `charge` transaction) that grants what the product grants. `capabilities` and `limits`, when written, state what
 * the product grants for whoever reads the file (tests sign the viewer in with them); the tenant is refused when
 * they differ from the product's (definition.ts).
 */
const orderSchema = z.strictObject({
  /** The key of a package or subscription in products.json. */
  product: z.string().min(1),
  capabilities: z.array(z.enum([...CAPABILITIES, "vod_media_access"])).optional(),
  limits: z.strictObject({ clips: z.number().int().min(0).optional(), downloads: z.number().int().min(0).optional() }).optional(),
  /** Valid for this many days from the load; omitted: one period of the product (30 days a month, 365 a year). */
  valid_days: z.number().int().positive().optional(),
});

const baseUser = {
  email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, DM.emailFormat).transform((v) => v.trim().toLowerCase()),
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  /** The user must choose a new password at first sign-in (SPEC §2). */
  temporary_password: z.boolean().default(false),
  email_verified: z.boolean().default(false),
  capabilities: z.array(z.enum([...CAPABILITIES, "vod_media_access"])).default([]),
  language: z.enum(LANGUAGES).default("en"),
  /** "owner": the channel's owner; "admin": a platform admin (issue 16). Granted at every load, never taken back. */
  role: z.enum(USER_ROLES).default("viewer"),
  orders: z.array(orderSchema).default([]),
};

/** users.json as written: plain-text demo passwords. */
export const usersFileSchema = z
  .array(z.strictObject({ ...baseUser, password: z.string().min(8, say({ code: "tooShort", params: { minimum: 8 } })) }))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((u, i) => {
      if (seen.has(u.email)) ctx.addIssue({ code: "custom", path: [i, "email"], message: say({ code: "duplicate", params: { what: "email", value: u.email } }) });
      seen.add(u.email);
    });
  });

/** A user in the validated definition: the password already hashed. */
export const seededUserSchema = z.strictObject({ ...baseUser, password_hash: z.string().regex(/^pbkdf2-sha256\$\d+\$[\w-]+\$[\w-]+$/) });
export type SeededUser = z.output<typeof seededUserSchema>;

export async function hashTenantUsers(list: z.output<typeof usersFileSchema>): Promise<z.input<typeof seededUserSchema>[]> {
  return Promise.all(list.map(async ({ password, ...user }) => ({ ...user, password_hash: await hashPassword(password) })));
}

const field = (name: string, row = "j") => `json_extract(${row}.value, '$.${name}')`;

export const usersSection: Section = {
  name: "users",
  count: (def) => def.users.length,
  statements: (ctx) => {
    if (!ctx.def.users.length) return [];
    const sql =
      "INSERT INTO users (channel_id, email, first_name, last_name, password_hash, temporary_password, email_verified_at, language, capabilities, role, created_at, updated_at) " +
      `SELECT ${CHANNEL_ID}, ${field("email")}, ${field("first_name")}, ${field("last_name")}, ${field("password_hash")}, ${field("temporary_password")}, ` +
      `CASE WHEN ${field("email_verified")} THEN ?3 END, ${field("language")}, ${field("capabilities")}, ${field("role")}, ?3, ?3 FROM json_each(?2) AS j ` +
      `WHERE NOT EXISTS (SELECT 1 FROM users AS u WHERE u.channel_id = ${CHANNEL_ID} AND u.email = ${field("email")})`;
    // An account that existed before the file gave it a role gets it (a role is never taken back here).
    const roles = ctx.def.users.filter((u) => u.role !== "viewer").map((u) => [u.email, u.role]);
    const grant =
      `UPDATE users SET role = json_extract(j.value, '$[1]') FROM json_each(?2) AS j WHERE users.channel_id = ${CHANNEL_ID} ` +
      `AND users.email = json_extract(j.value, '$[0]') AND users.role != json_extract(j.value, '$[1]')`;
    return [ctx.d1.prepare(sql).bind(ctx.def.alias, JSON.stringify(ctx.def.users), ctx.now), ctx.d1.prepare(grant).bind(ctx.def.alias, JSON.stringify(roles))];
  },
};

const subscription = "p.kind = 'subscription'";

/**
 * The demo purchases, resolved in SQL (user by email, product by key; the products are written earlier in the same
 * batch) and inserted when the user holds no order of that product yet. A subscription covers every event; a package
 * covers its first sport or team, as the access rules read one of each (the rest are kept as the selection). Then
 * every seeded order without a charge gets its paid one, so orders and transactions read like a real purchase.
 */
export const ordersSection: Section = {
  name: "orders",
  count: (def) => def.users.reduce((n, u) => n + u.orders.length, 0),
  statements: (ctx) => {
    const list = ctx.def.users.flatMap((u) => u.orders.map((o) => ({ ...o, email: u.email })));
    if (!list.length) return [];
    const days = `COALESCE(${field("valid_days")}, CASE p.period WHEN 'month' THEN 30 WHEN 'annual' THEN 365 END)`;
    const orders =
      "WITH o AS (SELECT u.id AS user_id, p.id AS product_id, " +
      `CASE WHEN ${subscription} THEN 'subscription' ELSE 'package' END AS type, ${subscription} AS is_sub, ` +
      "json_extract(p.event_category_ids, '$[0]') AS category_id, json_extract(p.participant_ids, '$[0]') AS participant_id, " +
      "p.event_category_ids, p.participant_ids, p.capabilities, p.limits, p.price, p.currency, " +
      `CASE WHEN ${days} IS NULL THEN NULL ELSE ?3 + ${days} * ${DAY_MS} END AS ends_at ` +
      `FROM json_each(?2) AS j JOIN users AS u ON u.channel_id = ${CHANNEL_ID} AND u.email = ${field("email")} ` +
      `JOIN products AS p ON p.channel_id = ${CHANNEL_ID} AND p.key = ${field("product")}) ` +
      "INSERT INTO orders (channel_id, user_id, type, product_id, status, activity_status, event_category_id, participant_id, " +
      "capabilities, limits, starts_at, ends_at, created_at, updated_at, amount, currency, provider, subscription_status, current_period_end, " +
      "selected_category_ids, selected_participant_ids) " +
      `SELECT ${CHANNEL_ID}, o.user_id, o.type, o.product_id, 'paid', 'active', o.category_id, o.participant_id, o.capabilities, o.limits, ` +
      "?3, o.ends_at, ?3, ?3, o.price, o.currency, 'seed', CASE WHEN o.is_sub THEN 'active' END, CASE WHEN o.is_sub THEN o.ends_at END, " +
      "o.event_category_ids, o.participant_ids FROM o " +
      `WHERE NOT EXISTS (SELECT 1 FROM orders AS x WHERE x.channel_id = ${CHANNEL_ID} AND x.user_id = o.user_id AND x.type = o.type AND x.product_id = o.product_id)`;
    const charges =
      "INSERT INTO transactions (channel_id, order_id, user_id, status, kind, amount, currency, created_at) " +
      "SELECT o.channel_id, o.id, o.user_id, 'paid', 'charge', o.amount, o.currency, o.created_at FROM orders AS o " +
      `WHERE o.channel_id = ${CHANNEL_ID} AND o.provider = 'seed' ` +
      "AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.channel_id = o.channel_id AND t.order_id = o.id AND t.kind = 'charge')";
    return [ctx.d1.prepare(orders).bind(ctx.def.alias, JSON.stringify(list), ctx.now), ctx.d1.prepare(charges).bind(ctx.def.alias)];
  },
};
