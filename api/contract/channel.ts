// Wire shapes of the channel calls (SPEC §7 "Channel"). snake_case, as the other clients expect.
import { z } from "zod";
import type { SocialProvider } from "./auth";
import type { EventCategory, Location, ParticipantGroup, ParticipantGroupProperty } from "./catalogue";
import type { Language } from "./constants";
import type { ChannelSettings } from "./settings";

export type MenuPlacement = "header" | "footer" | "both";
export type MenuKind = "link" | "page" | "group" | "participant" | "category";

export interface MenuItem {
  id: number;
  name: string;
  kind: MenuKind;
  placement: MenuPlacement;
  url: string | null;
  alias: string | null;
  image: string | null;
  children: MenuItem[];
}

export type SlidableType = "main" | "category" | "participant" | "group";

export interface Slide {
  id: number;
  slidable_type: SlidableType;
  slidable_id: number | null;
  slidable_alias: string | null;
  title: string;
  subtitle: string | null;
  image: string;
  image_alt: string;
  link_url: string | null;
  cta: string | null;
}

export interface PageSummary {
  id: number;
  url: string;
  name: string;
  alt_name: string | null;
}

export interface Page extends PageSummary {
  description: string | null;
  /** Markdown. */
  content: string;
}

export interface FaqItem {
  id: number;
  question: string;
  /** Markdown. */
  answer: string;
}

export interface StaticBlock {
  id: number;
  placement: string;
  type: "text" | "image";
  title: string | null;
  /** Markdown (text blocks). */
  content: string | null;
  image_url: string | null;
  image_alt: string | null;
  link_url: string | null;
}

export interface Preroll {
  id: number;
  url: string;
  weight: number;
  location_id: number | null;
  event_categories: number[];
  for_vod: boolean;
  for_live: boolean;
}

export const CUSTOM_FORM_FIELD_TYPES = ["text", "email", "tel", "textarea", "select", "checkbox"] as const;
export const customFormFieldSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  type: z.enum(CUSTOM_FORM_FIELD_TYPES),
  label: z.union([z.string(), z.record(z.string(), z.string())]),
  required: z.boolean().default(false),
  min_length: z.number().int().min(0).optional(),
  max_length: z.number().int().positive().optional(),
  options: z.array(z.object({ value: z.string(), label: z.union([z.string(), z.record(z.string(), z.string())]) })).optional(),
});
export type StoredCustomFormField = z.infer<typeof customFormFieldSchema>;

export interface CustomFormField extends Omit<StoredCustomFormField, "label" | "options"> {
  label: string;
  options?: { value: string; label: string }[];
}

export interface CustomForm {
  id: number;
  alias: string;
  title: string;
  fields: CustomFormField[];
  success_message: string | null;
}

export type ColorSettings = Record<string, string>;

export interface ResolvedSettings extends ChannelSettings {
  name: string;
  alias: string;
  prerolls: Preroll[];
}

/** The public config a client reads first (the "channel config file" of SPEC §7). */
export interface ChannelConfig {
  alias: string;
  name: string;
  channel_key: string;
  language: Language;
  languages: Language[];
}

export interface ApiKeyGrant {
  api_key: string;
  expires_at: number;
}

export interface BootstrapData {
  color_settings: ColorSettings;
  /** Sports as a tree, the "All" placeholder (id 0) first, as /events-categories. */
  categories: EventCategory[];
  locations: Location[];
  faq: FaqItem[];
  menu: MenuItem[];
  packages: unknown[];
  pages: PageSummary[];
  participant_groups: ParticipantGroup[];
  settings: ResolvedSettings;
  slides: Slide[];
  subscriptions: unknown[];
  participant_group_properties: ParticipantGroupProperty[];
  static_blocks: StaticBlock[];
  /** The sign-in providers the channel offers (configured and with a secret or the local issuer). */
  social_providers: SocialProvider[];
  /** The home page's share image (issue 28): a 1200×630 PNG of the channel's logo, name and colours (og:image). */
  share_image: string;
}

export const clientInterfaceSchema = z.enum(["web", "tv", "mobile"]).default("web");
