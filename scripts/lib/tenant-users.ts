// Demo accounts of a tenant (`tenants/<alias>/users.json`). Passwords are hashed at load with the API's own
// PBKDF2 code (WebCrypto, so Node and workerd alike). Accounts are only ever inserted when missing: re-running
// setup must not undo a password a tester changed, and must never delete someone's account.
// A user may hold demo passes (`orders`): paid, active orders inserted once per (user, product), never updated, so
// an order a tester refunded or the commerce issue replaced stays as it is.
import { z } from "zod";
import { CAPABILITIES } from "../../api/contract/auth";
import { LANGUAGES } from "../../api/contract/constants";
import { hashPassword } from "../../api/services/auth/passwords";
import { CHANNEL_ID, type Section } from "./tenant-sync";

const DAY_MS = 86_400_000;

/** A demo pass. What it covers is named by alias (sport, team) or key (event), resolved to the channel's ids. */
const orderSchema = z
  .strictObject({
    type: z.enum(["event", "package", "subscription"]),
    /** type "event": the event's key in catalogue.json. */
    event: z.string().min(1).optional(),
    /** type "package": the sport alias a category package covers (with its sub-sports)… */
    event_category: z.string().min(1).optional(),
    /** …or the team alias a team pass covers. */
    participant: z.string().min(1).optional(),
    capabilities: z.array(z.enum([...CAPABILITIES, "vod_media_access"])).default([]),
    limits: z.strictObject({ clips: z.number().int().min(0).optional(), downloads: z.number().int().min(0).optional() }).default({}),
    /** Valid for this many days from the load; omitted: open-ended. */
    valid_days: z.number().int().positive().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.type === "event" && !o.event) ctx.addIssue({ code: "custom", path: ["event"], message: "an event order names its event key" });
    if (o.type === "package" && !o.event_category && !o.participant)
      ctx.addIssue({ code: "custom", path: ["event_category"], message: "a package names an event_category or a participant" });
    if (o.type !== "event" && o.event) ctx.addIssue({ code: "custom", path: ["event"], message: "only an event order names an event" });
  });

const baseUser = {
  email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an email address").transform((v) => v.trim().toLowerCase()),
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  /** The user must choose a new password at first sign-in (SPEC §2). */
  temporary_password: z.boolean().default(false),
  email_verified: z.boolean().default(false),
  capabilities: z.array(z.enum([...CAPABILITIES, "vod_media_access"])).default([]),
  language: z.enum(LANGUAGES).default("en"),
  orders: z.array(orderSchema).default([]),
};

/** users.json as written: plain-text demo passwords. */
export const usersFileSchema = z
  .array(z.strictObject({ ...baseUser, password: z.string().min(8, "must be at least 8 characters") }))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((u, i) => {
      if (seen.has(u.email)) ctx.addIssue({ code: "custom", path: [i, "email"], message: `duplicate email "${u.email}"` });
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
const idOf = (table: string, column: string, value: string) => `(SELECT r.id FROM ${table} AS r WHERE r.channel_id = ${CHANNEL_ID} AND r.${column} = ${value})`;

export const usersSection: Section = {
  name: "users",
  count: (def) => def.users.length,
  statements: (ctx) => {
    if (!ctx.def.users.length) return [];
    const sql =
      "INSERT INTO users (channel_id, email, first_name, last_name, password_hash, temporary_password, email_verified_at, language, capabilities, created_at, updated_at) " +
      `SELECT ${CHANNEL_ID}, ${field("email")}, ${field("first_name")}, ${field("last_name")}, ${field("password_hash")}, ${field("temporary_password")}, ` +
      `CASE WHEN ${field("email_verified")} THEN ?3 END, ${field("language")}, ${field("capabilities")}, ?3, ?3 FROM json_each(?2) AS j ` +
      `WHERE NOT EXISTS (SELECT 1 FROM users AS u WHERE u.channel_id = ${CHANNEL_ID} AND u.email = ${field("email")})`;
    return [ctx.d1.prepare(sql).bind(ctx.def.alias, JSON.stringify(ctx.def.users), ctx.now)];
  },
};

/**
 * The demo passes: resolved in SQL (user by email, event by key, sport and team by alias), inserted when the user
 * holds no order of the same type and product yet. Runs after the users and the catalogue, in the same batch.
 */
export const ordersSection: Section = {
  name: "orders",
  count: (def) => def.users.reduce((n, u) => n + u.orders.length, 0),
  statements: (ctx) => {
    const list = ctx.def.users.flatMap((u) => u.orders.map((o) => ({ ...o, email: u.email })));
    if (!list.length) return [];
    const sql =
      "WITH o AS (SELECT u.id AS user_id, " +
      `${field("type")} AS type, ${idOf("events", "key", field("event"))} AS product_id, ` +
      `${idOf("event_categories", "alias", field("event_category"))} AS category_id, ${idOf("participants", "alias", field("participant"))} AS participant_id, ` +
      `${field("capabilities")} AS capabilities, ${field("limits")} AS limits, ${field("valid_days")} AS valid_days ` +
      `FROM json_each(?2) AS j JOIN users AS u ON u.channel_id = ${CHANNEL_ID} AND u.email = ${field("email")}) ` +
      "INSERT INTO orders (channel_id, user_id, type, product_id, status, activity_status, event_category_id, participant_id, capabilities, limits, starts_at, ends_at, created_at, updated_at) " +
      `SELECT ${CHANNEL_ID}, o.user_id, o.type, o.product_id, 'paid', 'active', o.category_id, o.participant_id, o.capabilities, o.limits, ?3, ` +
      `CASE WHEN o.valid_days IS NULL THEN NULL ELSE ?3 + o.valid_days * ${DAY_MS} END, ?3, ?3 FROM o ` +
      `WHERE NOT EXISTS (SELECT 1 FROM orders AS x WHERE x.channel_id = ${CHANNEL_ID} AND x.user_id = o.user_id AND x.type = o.type ` +
      "AND x.product_id IS o.product_id AND x.event_category_id IS o.category_id AND x.participant_id IS o.participant_id)";
    return [ctx.d1.prepare(sql).bind(ctx.def.alias, JSON.stringify(list), ctx.now)];
  },
};
