// Toasts (SPEC §7 and §9): short messages of type success, error or info (the default), shown for TOAST_MS unless the
// viewer holds them (hover or focus) or closes them. A page's own code raises one with useToast(); an action that
// redirects hands one to the next page through the `toast` cookie (flash), naming one of FLASH_TOASTS. The cookie is
// read (and validated) on the server only (toast.server.ts): this module carries no parser into the page's bundle.

export const TOAST_TYPES = ["success", "error", "info"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** The messages a redirect may flash, by their key under `toasts.` in the common namespace. */
export const FLASH_TOASTS = ["loggedOut"] as const;
export type FlashToastKey = (typeof FLASH_TOASTS)[number];

export const TOAST_COOKIE = "toast";

/** What the cookie holds: type, key and a one-time id (so the same message flashed twice shows twice). */
export interface FlashToast {
  type: ToastType;
  key: FlashToastKey;
  id: string;
}

export const encodeFlashToast = (t: FlashToast): string => `${t.type}.${t.key}.${t.id}`;
