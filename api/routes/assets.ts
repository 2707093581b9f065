// Channel images (logos, slides, blocks) from R2. The channel comes from the host, so one channel's files
// cannot be read through another's domain.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";

const SAFE_PATH = /^[a-zA-Z0-9][a-zA-Z0-9._/-]{0,200}$/;

/** The R2 key of a channel asset. */
export const channelAssetKey = (alias: string, path: string) => `channels/${alias}/${path}`;

/** The request's conditional headers as a plain R2Conditional (a Headers object does not cross the dev proxy). */
function conditional(headers: Headers): R2Conditional | undefined {
  const etag = headers.get("if-none-match");
  if (etag) return { etagDoesNotMatch: etag.replace(/^W\//, "").replaceAll('"', "") };
  const since = headers.get("if-modified-since");
  const date = since ? new Date(since) : null;
  return date && !Number.isNaN(date.getTime()) ? { uploadedAfter: date } : undefined;
}

export const assetRoutes = new Hono<AppEnv>().get("/assets/:path{.+}", async (c) => {
  const path = c.req.param("path");
  if (!SAFE_PATH.test(path) || path.includes("..")) throw notFound();
  const key = channelAssetKey(c.get("channel").alias, path);
  const object = await c.env.MEDIA.get(key, { onlyIf: conditional(c.req.raw.headers) });
  if (!object) throw notFound();
  // Set by hand rather than with writeHttpMetadata(), which cannot take a Headers across the dev proxy.
  const headers = new Headers({ "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream" });
  headers.set("ETag", object.httpEtag);
  // URLs carry a content hash (?v=), so they can be cached for long.
  headers.set("Cache-Control", c.req.query("v") ? "public, max-age=31536000, immutable" : "public, max-age=300");
  // SVGs are served same-origin: forbid them from running anything.
  headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  headers.set("X-Content-Type-Options", "nosniff");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
});
