// Device authorizations (issue 13, RFC 8628): one row per code pair a device asked for. Only the device code's
// SHA-256 is stored (it is the device's secret); the user code is short and shown on screen. Rows are single-use:
// approved → consumed when the device collects its session.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth-schema";
import { channels } from "./schema";

export const DEVICE_AUTH_STATUSES = ["pending", "approved", "denied", "consumed"] as const;

export const deviceAuthorizations = sqliteTable(
  "device_authorizations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id").notNull().references(() => channels.id, { onDelete: "cascade" }),
    deviceCodeHash: text("device_code_hash").notNull().unique(),
    userCode: text("user_code").notNull(),
    deviceName: text("device_name").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    status: text("status", { enum: DEVICE_AUTH_STATUSES }).notNull().default("pending"),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    intervalS: integer("interval_s").notNull(),
    lastPolledAt: integer("last_polled_at"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [uniqueIndex("device_authorizations_user_code_idx").on(t.channelId, t.userCode), index("device_authorizations_expiry_idx").on(t.expiresAt)],
);
