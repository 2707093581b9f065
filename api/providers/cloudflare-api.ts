// Cloudflare's REST API base, shared by the adapters that call it (Stream, custom hostnames): one setting,
// `CLOUDFLARE_API_BASE`, so tests can point every call at a local stand-in.
import { z } from "zod";

export const CLOUDFLARE_API_DEFAULT = "https://api.cloudflare.com/client/v4";

/** `CLOUDFLARE_API_BASE`: an http(s) URL, kept without its trailing slash; the public API when empty. */
export const cloudflareApiBase = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, "must be an http(s) URL")
    .default(CLOUDFLARE_API_DEFAULT)
    .transform((u) => u.replace(/\/+$/, "")),
);
