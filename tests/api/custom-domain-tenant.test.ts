// The web app's start-up on a custom domain (issue 16): a pending domain is "channel not found" and that answer is not
// cached, so the domain serves the channel as soon as it is active; once removed, a copy another isolate still holds
// is served for at most CacheShort.freshMs, then dropped at its first revalidation.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CustomDomain } from "@api/contract/domains";
import { getDb } from "@api/db/client";
import { localDnsRecords, users } from "@api/db/schema";
import { api } from "@api/index";
import { CacheShort, clearMemoryCache } from "~/server/cache.server";
import { resolveTenant } from "~/server/tenant.server";
import { client, type Client, type Data, env, freshEmail, json, registerUser } from "./auth-helpers";
import { call, seedChannels, testContext } from "./fixtures";

const db = getDb(env.DB);
const HOST = "web.alpha-club.test";
const T = Date.now();

let alpha: Client;
let owner: string;
let domain: CustomDomain;

/** The web app's start-up for a request to HOST at `now`; waitUntil work (revalidation) is awaited after. */
async function startUp(now: number) {
  const { ctx, settle } = testContext();
  const state = await resolveTenant(new Request(`http://${HOST}/`), env, ctx, () => now);
  await settle();
  return state;
}

const putRecord = (type: "CNAME" | "TXT", name: string, value: string) =>
  call("alpha.localhost", "/api/dev/dns-records", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ type, name, value }) });

beforeAll(async () => {
  await seedChannels();
  await db.delete(localDnsRecords);
  clearMemoryCache();
  alpha = await client(api, "alpha");
  const email = freshEmail("owner");
  owner = (await registerUser(alpha, email)).token;
  await db.update(users).set({ role: "owner" }).where(eq(users.email, email));
  domain = (await json<Data<CustomDomain>>(await alpha.post("/api/console/domains", { hostname: HOST }, owner))).data;
});

describe("a custom domain on the public site", () => {
  it("is not found while pending, and that is not remembered", async () => {
    expect((await startUp(T)).kind).toBe("unknown");
    expect(await env.CACHE.get(`config:${HOST}`)).toBeNull();
  });

  it("serves the channel at once when it turns active", async () => {
    for (const record of domain.records) await putRecord(record.type, record.name, record.value);
    const verified = await alpha.post(`/api/console/domains/${domain.id}/verify`, {}, owner);
    expect((await json<Data<CustomDomain>>(verified)).data.status).toBe("active");
    const state = await startUp(T + 1_000);
    expect(state.kind).toBe("ok");
    expect(state.kind === "ok" && state.channel.alias).toBe("alpha");
  });

  it("stops serving it once removed: a stale copy lasts at most the fresh window, then is dropped", async () => {
    // This isolate's memory still holds the config, as another isolate's would: only KV is cleared by the API.
    const res = await call(alpha.host, `/api/console/domains/${domain.id}?api_key=${encodeURIComponent(alpha.key)}`, { method: "DELETE", headers: { authorization: `Bearer ${owner}` } });
    expect(res.status).toBe(200);
    expect((await startUp(T + CacheShort.freshMs / 2)).kind).toBe("ok");
    // Stale: served once while the revalidation learns the host is gone and drops the copy.
    await startUp(T + CacheShort.freshMs + 2_000);
    expect((await startUp(T + CacheShort.freshMs + 3_000)).kind).toBe("unknown");
    expect(await env.CACHE.get(`config:${HOST}`)).toBeNull();
  });
});
