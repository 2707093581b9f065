// Toasts (SPEC §7 and §9): short messages of type success, error or info (the default), shown for TOAST_MS unless the
// viewer holds them (hover or focus) or closes them. A page's own code raises one with useToast(); an action that
// redirects hands one to the next page through the `toast` cookie (flash), naming one of FLASH_TOASTS.
import { z } from "zod";

export const TOAST_TYPES = ["success", "error", "info"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** The messages a redirect may flash, by their key under `toasts.` in the common namespace. */
export const FLASH_TOASTS = ["loggedOut"] as const;
export type FlashToastKey = (typeof FLASH_TOASTS)[number];

export const TOAST_COOKIE = "toast";

/** What the cookie holds: type, key and a one-time id (so the same message flashed twice shows twice). */
export const flashToastSchema = z.object({ type: z.enum(TOAST_TYPES), key: z.enum(FLASH_TOASTS), id: z.string().regex(/^[a-z0-9]{1,16}$/) });
export type FlashToast = z.infer<typeof flashToastSchema>;

export const encodeFlashToast = (t: FlashToast): string => `${t.type}.${t.key}.${t.id}`;

export function decodeFlashToast(value: string | null): FlashToast | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 3) return null;
  const [type, key, id] = parts;
  const parsed = flashToastSchema.safeParse({ type, key, id });
  return parsed.success ? parsed.data : null;
}
