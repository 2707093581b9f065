// The console's calls (issue 16): read and change a part of the channel's definition, the audit log and images.
import { z } from "zod";
import { EDITABLE_SECTION_NAMES, type EditableSectionName } from "../channels/editable";

export const sectionParamSchema = z.object({ section: z.enum(EDITABLE_SECTION_NAMES, { message: "Unknown section." }) });
export const itemParamSchema = sectionParamSchema.extend({ id: z.string().min(1).max(200) });

/** The version the editor read: a change made on an older copy is refused (409). */
const version = z.coerce.number().int().positive();

export const replaceSectionSchema = z.object({ version, value: z.unknown().refine((v) => v !== undefined, { message: "Field is required" }) });
/** The tag of an item that does not exist (yet, or any more): what an editor sends when it adds one. */
export const ABSENT_ITEM = "absent";
/** The tag of the item as the editor read it (SectionState.tags; "absent" for a new one): see changeSection. */
const base = z.string().trim().min(1).max(40).optional();
export const saveItemSchema = z.object({ version, base, value: z.record(z.string(), z.unknown(), { message: "Field is required" }) });
export const removeItemSchema = z.object({ version, base });

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.coerce.number().int().positive().optional(),
  target: z.string().min(1).max(200).optional(),
});

/** A part of the definition as the console edits it. */
export interface SectionState {
  section: EditableSectionName;
  value: unknown;
  version: number;
  updated_at: number;
  /** A list section's items by key, each with the tag of its current copy; null for other sections. */
  tags: Record<string, string> | null;
}

export interface AuditLogEntry {
  id: number;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  created_at: number;
}

/** An image uploaded in the console: `ref` is what a definition names, `url` where the site serves it. */
export interface ConsoleImage {
  ref: string;
  url: string;
  content_type: string;
  size: number;
  uploaded_at: number;
}

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/svg+xml"] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
