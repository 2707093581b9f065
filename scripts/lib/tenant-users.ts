// Demo accounts of a tenant (`tenants/<alias>/users.json`). Passwords are hashed at load with the API's own
// PBKDF2 code (WebCrypto, so Node and workerd alike). Accounts are only ever inserted when missing: re-running
// setup must not undo a password a tester changed, and must never delete someone's account.
import { z } from "zod";
import { CAPABILITIES } from "../../api/contract/auth";
import { LANGUAGES } from "../../api/contract/constants";
import { hashPassword } from "../../api/services/auth/passwords";
import { CHANNEL_ID, type Section } from "./tenant-sync";

const baseUser = {
  email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an email address").transform((v) => v.trim().toLowerCase()),
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  /** The user must choose a new password at first sign-in (SPEC §2). */
  temporary_password: z.boolean().default(false),
  email_verified: z.boolean().default(false),
  capabilities: z.array(z.enum([...CAPABILITIES, "vod_media_access"])).default([]),
  language: z.enum(LANGUAGES).default("en"),
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

const field = (name: string) => `json_extract(j.value, '$.${name}')`;

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
