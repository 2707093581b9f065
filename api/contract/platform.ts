// The platform admin's calls (issue 16): create a channel, list them all.
import { z } from "zod";
import { LANGUAGES } from "./constants";

/** Subdomains the platform keeps for itself. */
export const RESERVED_ALIASES = ["www", "api", "admin", "console", "origin", "app", "mail", "static", "assets", "cdn", "status", "platform", "dev"] as const;

export const createChannelSchema = z.object({
  alias: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/, "Use lowercase letters, numbers and hyphens (1 to 32 characters)."),
  name: z.string().trim().min(2, "Field length must be greater than 1").max(80, "Field length must be less than 81"),
  owner_email: z.string().trim().toLowerCase().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "A valid email address is required"),
  owner_first_name: z.string().trim().max(60).optional().default(""),
  language: z.enum(LANGUAGES).default("en"),
});
export type CreateChannelInput = z.output<typeof createChannelSchema>;

export interface PlatformChannel {
  alias: string;
  name: string;
  status: "active" | "suspended";
  /** Where the channel is served: its subdomain, then its domains. */
  url: string;
  domains: string[];
  owners: string[];
  created_at: number;
}

export interface CreatedChannel extends PlatformChannel {
  channel_key: string;
}
