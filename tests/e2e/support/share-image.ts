// Share cards (issue 28): what a page's og:image names must be a PNG social networks show, 1200×630.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { PORT } from "../fixtures";

export const metaContent = (page: Page, attr: "property" | "name", key: string) => page.locator(`meta[${attr}="${key}"]`).getAttribute("content");

/** Width and height from a PNG's IHDR chunk, after its signature. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A GET of an absolute *.localhost URL on the e2e server (Node does not resolve those): 127.0.0.1 with its Host. */
export function getAbsolute(request: APIRequestContext, absolute: string) {
  const u = new URL(absolute);
  return request.get(`http://127.0.0.1:${PORT}${u.pathname}${u.search}`, { headers: { host: u.host }, maxRedirects: 0 });
}

/**
 * The page's og:image: absolute on the page's origin, announced as a 1200×630 PNG, and answering one (read through
 * 127.0.0.1 with the channel's Host: Node does not resolve *.localhost). Answers its URL.
 */
export async function expectShareCard(page: Page, request: APIRequestContext): Promise<string> {
  const image = (await metaContent(page, "property", "og:image"))!;
  expect(new URL(image).origin).toBe(new URL(page.url()).origin);
  expect(await metaContent(page, "property", "og:image:type")).toBe("image/png");
  expect(await metaContent(page, "property", "og:image:width")).toBe("1200");
  expect(await metaContent(page, "property", "og:image:height")).toBe("630");
  expect(await metaContent(page, "name", "twitter:image")).toBe(image);
  const res = await getAbsolute(request, image);
  expect(res.status(), image).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await res.body())).toEqual({ width: 1200, height: 630 });
  return image;
}
