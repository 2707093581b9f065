import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@api/db/client";
import { channels } from "@api/db/schema";
import { clearChannelCache } from "@api/middleware/tenant";
import { CHANNEL_KEYS, HOSTS, call, mintKey, seedChannels } from "./fixtures";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><title>Alpha</title></svg>';

beforeAll(async () => {
  await seedChannels();
  await env.MEDIA.put("channels/alpha/logo.svg", SVG, { httpMetadata: { contentType: "image/svg+xml" } });
});

describe("channel assets", () => {
  it("serves a channel's image from R2 with its type, an ETag and a sandboxing CSP", async () => {
    const res = await call(HOSTS.alpha, "/api/assets/logo.svg?v=abcd1234");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(await res.text()).toBe(SVG);

    const again = await call(HOSTS.alpha, "/api/assets/logo.svg", { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("does not serve one channel's files on another channel's host", async () => {
    expect((await call(HOSTS.beta, "/api/assets/logo.svg")).status).toBe(404);
  });

  it("refuses paths that try to leave the channel's folder", async () => {
    for (const path of ["/api/assets/../beta/logo.svg", "/api/assets/%2e%2e/beta/logo.svg", "/api/assets/.hidden"]) {
      expect((await call(HOSTS.alpha, path)).status, path).toBe(404);
    }
  });
});

describe("a suspended channel", () => {
  it("stops accepting the keys it minted while active", async () => {
    const key = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha);
    expect((await call(HOSTS.alpha, `/api/custom-forms/contact?api_key=${key}`)).status).toBe(200);

    await getDb(env.DB).update(channels).set({ status: "suspended" }).where(eq(channels.alias, "alpha"));
    clearChannelCache();
    const res = await call(HOSTS.alpha, `/api/custom-forms/contact?api_key=${key}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errors: { api_key: expect.any(Array) } });

    await getDb(env.DB).update(channels).set({ status: "active" }).where(eq(channels.alias, "alpha"));
    clearChannelCache();
  });
});
