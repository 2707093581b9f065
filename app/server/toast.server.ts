import { z } from "zod";
import { encodeFlashToast, FLASH_TOASTS, type FlashToast, type FlashToastKey, TOAST_COOKIE, TOAST_TYPES, type ToastType } from "~/lib/toast";
import { isSecureRequest, readCookie } from "./cookies.server";

/** The flash's life: long enough to cross a redirect, short enough that a closed tab does not show it a day later. */
const FLASH_MAX_AGE_S = 60;

/**
 * Set-Cookie for a toast on the next page. Readable by the page's script (not HttpOnly), which clears it once shown:
 * it holds only a message key, never text or anything about the viewer.
 */
export function flashToast(request: Request, type: ToastType, key: FlashToastKey): string {
  const id = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36);
  const parts = [`${TOAST_COOKIE}=${encodeFlashToast({ type, key, id })}`, "Path=/", `Max-Age=${FLASH_MAX_AGE_S}`, "SameSite=Lax"];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

const flashToastSchema = z.object({ type: z.enum(TOAST_TYPES), key: z.enum(FLASH_TOASTS), id: z.string().regex(/^[a-z0-9]{1,16}$/) });

/** The cookie's value as a toast: only known types and message keys come back; anything else is null. */
export function decodeFlashToast(value: string | null): FlashToast | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 3) return null;
  const [type, key, id] = parts;
  const parsed = flashToastSchema.safeParse({ type, key, id });
  return parsed.success ? parsed.data : null;
}

/** The toast a redirect left for this page, if any (anything else in the cookie is ignored). */
export const readFlashToast = (request: Request): FlashToast | null => decodeFlashToast(readCookie(request, TOAST_COOKIE));
