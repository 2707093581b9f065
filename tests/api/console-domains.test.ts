// Custom domains in the console (issue 16, "Onboarding by DNS"), against real local D1 and KV with the local
// CustomHostnames provider: who may call what, how a domain is refused (in words), the audit log of every write,
// and the host lookup that follows a domain from pending (404) to active (the channel) to removed (404 again),
// with the channel's cache keys dropped at each step.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_MESSAGES } from "@api/contract/console-messages";
import { type CustomDomain, DOMAIN_MESSAGES, type DomainsOverview, MAX_CUSTOM_DOMAINS } from "@api/contract/domains";
import { getDb } from "@api/db/client";
import { auditLog, customHostnames, localDnsRecords, users } from "@api/db/schema";
import { MESSAGES } from "@api/contract/messages";
import { RECHECK_AFTER_MS, recheckPendingDomains } from "@api/services/console/domain-recheck";
import { type Client, client, clockedApi, type Data, env, freshEmail, json, registerUser } from "./auth-helpers";
import { ALPHA_DOMAIN, call, type Fixtures, seedChannels } from "./fixtures";

const db = getDb(env.DB);
const { app, clock } = clockedApi(Date.UTC(2026, 11, 1, 12));
const FALLBACK = "origin.localhost";
const DOMAIN = "watch.alpha-club.test";

let fx: Fixtures;
let alpha: Client;
let beta: Client;
const tokens = { owner: "", viewer: "", admin: "", betaOwner: "" };

async function signUp(c: Client, role: "viewer" | "owner" | "admin") {
  const email = freshEmail(role);
  const session = await registerUser(c, email);
  await db.update(users).set({ role }).where(eq(users.email, email));
  return session.token;
}

const list = async (c: Client, token: string) => (await json<Data<DomainsOverview>>(await c.get("/api/console/domains", token))).data;
const add = (c: Client, hostname: unknown, token = tokens.owner) => c.post("/api/console/domains", { hostname }, token);
const verify = (c: Client, id: number, token = tokens.owner) => c.post(`/api/console/domains/${id}/verify`, {}, token);
const remove = (c: Client, id: number, token = tokens.owner) =>
  call(c.host, `/api/console/domains/${id}?api_key=${encodeURIComponent(c.key)}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } }, app);
const putRecord = (type: "CNAME" | "TXT", name: string, value: string, bindings: Env = env) =>
  call("alpha.localhost", "/api/dev/dns-records", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ type, name, value }) }, app, bindings);
/** What the channel-config call answers on a host: the public site's first question. */
const configOn = (host: string) => call(host, "/api/channel-config", undefined, app);
const auditOf = (target: string) => db.select().from(auditLog).where(and(eq(auditLog.channelId, fx.alpha.id), eq(auditLog.target, target))).orderBy(auditLog.id).all();

beforeAll(async () => {
  fx = await seedChannels();
  await db.delete(localDnsRecords);
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
  tokens.owner = await signUp(alpha, "owner");
  tokens.viewer = await signUp(alpha, "viewer");
  tokens.admin = await signUp(alpha, "admin");
  tokens.betaOwner = await signUp(beta, "owner");
});

describe("who may manage a channel's domains", () => {
  it("refuses a visitor (401), a viewer (403), another channel's session (401) and a call without api key (403)", async () => {
    expect((await alpha.get("/api/console/domains")).status).toBe(401);
    const viewer = await alpha.get("/api/console/domains", tokens.viewer);
    expect(viewer.status).toBe(403);
    expect((await json<{ message: string }>(viewer)).message).toBe(CONSOLE_MESSAGES.forbidden);
    expect((await add(alpha, "viewer.example.org", tokens.viewer)).status).toBe(403);
    expect((await alpha.get("/api/console/domains", tokens.betaOwner)).status).toBe(401);
    const keyless = await call(alpha.host, "/api/console/domains", { headers: { authorization: `Bearer ${tokens.owner}` } }, app);
    expect(keyless.status).toBe(403);
    expect((await json<{ message: string }>(keyless)).message).toBe(MESSAGES.noApiKey);
  });

  it("lets the owner and a platform admin in, with the declared domains and the fallback origin", async () => {
    for (const token of [tokens.owner, tokens.admin]) {
      const overview = await list(alpha, token);
      expect(overview).toMatchObject({ fallback_origin: FALLBACK, declared: [ALPHA_DOMAIN], max: MAX_CUSTOM_DOMAINS });
    }
    expect((await list(beta, tokens.betaOwner)).declared).toEqual([]);
  });
});

describe("adding a domain", () => {
  const refusal = async (res: Response, status: number, message: string) => {
    expect(res.status).toBe(status);
    expect(await json(res)).toEqual({ message, errors: { hostname: [message] } });
  };

  it("refuses what is not a domain of the owner's, in clear words", async () => {
    await refusal(await add(alpha, ""), 422, DOMAIN_MESSAGES.required);
    await refusal(await add(alpha, "not a domain"), 422, DOMAIN_MESSAGES.invalid);
    await refusal(await add(alpha, "https://sports.example.org/"), 422, DOMAIN_MESSAGES.invalid);
    await refusal(await add(alpha, "localhost-only"), 422, DOMAIN_MESSAGES.invalid);
    await refusal(await add(alpha, "203.0.113.9"), 422, DOMAIN_MESSAGES.ip);
    await refusal(await add(alpha, "[2001:db8::1]"), 422, DOMAIN_MESSAGES.ip);
    for (const platform of ["alpha.localhost", "tv.beta.localhost", "streamhub.example", "news.streamhub.example", FALLBACK]) {
      await refusal(await add(alpha, platform), 422, CONSOLE_MESSAGES.domainRoot);
    }
    expect((await add(alpha, 42)).status).toBe(422);
  });

  it("refuses a domain a channel already has: 409, saying whose", async () => {
    await refusal(await add(alpha, ALPHA_DOMAIN), 409, DOMAIN_MESSAGES.alreadyYours);
    await refusal(await add(beta, ALPHA_DOMAIN.toUpperCase(), tokens.betaOwner), 409, CONSOLE_MESSAGES.domainTaken);
    expect(await db.select().from(customHostnames).where(eq(customHostnames.hostname, ALPHA_DOMAIN)).all()).toEqual([]);
  });

  it("adds it pending, canonical, with the two records to create, and audits who added what", async () => {
    const res = await add(alpha, " Watch.Alpha-Club.TEST. ");
    expect(res.status).toBe(200);
    const domain = (await json<Data<CustomDomain>>(res)).data;
    expect(domain).toMatchObject({ hostname: DOMAIN, status: "pending", activated_at: null, checked_at: expect.any(String) });
    const [cname, txt] = domain.records;
    expect(cname).toEqual({ type: "CNAME", name: DOMAIN, value: FALLBACK });
    expect(txt).toEqual({ type: "TXT", name: `_cf-custom-hostname.${DOMAIN}`, value: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(domain.detail).toContain("No CNAME record");
    expect(domain.detail).toContain("No TXT record");
    expect((await list(alpha, tokens.owner)).domains.map((d) => d.hostname)).toEqual([DOMAIN]);

    const [entry] = await auditOf(DOMAIN);
    expect(entry).toMatchObject({ action: "domain.add", actorEmail: expect.stringMatching(/^owner-/), before: null, after: { hostname: DOMAIN, status: "pending", provider: "local" } });
    // Taken now for this channel; another channel may still claim it while it is unverified (console-domain-claims).
    await refusal(await add(alpha, DOMAIN), 409, DOMAIN_MESSAGES.alreadyYours);
  });
});

describe("from pending to active to removed", () => {
  let domain: CustomDomain;
  const seedCacheKeys = async () => {
    await env.CACHE.put(`config:${DOMAIN}`, "{}");
    await env.CACHE.put("config:alpha.localhost", "{}");
    await env.CACHE.put("bootstrap:alpha:en", "{}");
  };
  const cacheKeysLeft = async () => (await env.CACHE.list({ prefix: "config:" })).keys.length + (await env.CACHE.list({ prefix: "bootstrap:alpha:" })).keys.length;

  beforeAll(async () => {
    domain = (await list(alpha, tokens.owner)).domains.find((d) => d.hostname === DOMAIN)!;
  });

  it("does not serve the channel while pending, and says which record is missing", async () => {
    expect((await configOn(DOMAIN)).status).toBe(404);
    expect((await putRecord("CNAME", DOMAIN, `${FALLBACK.toUpperCase()}.`)).status).toBe(200);
    clock.now += 60_000;
    const res = await verify(alpha, domain.id);
    expect(res.status).toBe(200);
    const checked = (await json<Data<CustomDomain>>(res)).data;
    expect(checked).toMatchObject({ status: "pending", checked_at: new Date(clock.now).toISOString() });
    expect(checked.detail).not.toContain("CNAME");
    expect(checked.detail).toContain(`No TXT record _cf-custom-hostname.${DOMAIN}`);
    // A check that changes nothing is not an edit: no audit entry.
    expect((await auditOf(DOMAIN)).map((e) => e.action)).toEqual(["domain.add"]);
    expect((await configOn(DOMAIN)).status).toBe(404);
  });

  it("activates once both records exist: audited, caches dropped, and the host answers the channel at once", async () => {
    // A wrong value is not the record.
    await putRecord("TXT", domain.records[1].name, "not-the-value");
    expect((await json<Data<CustomDomain>>(await verify(alpha, domain.id))).data.status).toBe("pending");
    await putRecord("TXT", domain.records[1].name, `"${domain.records[1].value}"`);
    await seedCacheKeys();
    clock.now += 60_000;
    const active = (await json<Data<CustomDomain>>(await verify(alpha, domain.id))).data;
    expect(active).toMatchObject({ status: "active", detail: null, activated_at: new Date(clock.now).toISOString() });
    expect(await cacheKeysLeft()).toBe(0);

    const entries = await auditOf(DOMAIN);
    expect(entries.map((e) => e.action)).toEqual(["domain.add", "domain.verify"]);
    expect(entries[1]).toMatchObject({ before: { status: "pending" }, after: { status: "active", detail: null } });

    const config = await configOn(`${DOMAIN}:8787`);
    expect(config.status).toBe(200);
    expect((await json<Data<{ alias: string }>>(config)).data.alias).toBe("alpha");
    // Its api keys work there, as on the channel's own subdomain.
    const key = await call(DOMAIN, "/api/get_api_key", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ channel_key: "ck_test_alpha" }) }, app);
    expect(key.status).toBe(200);
    // Checking again changes nothing and keeps the first activation time.
    clock.now += 60_000;
    expect((await json<Data<CustomDomain>>(await verify(alpha, domain.id))).data.activated_at).toBe(active.activated_at);
  });

  it("shows nothing of it to another channel's owner, and answers 404 on its id there", async () => {
    expect((await list(beta, tokens.betaOwner)).domains).toEqual([]);
    expect((await verify(beta, domain.id, tokens.betaOwner)).status).toBe(404);
    expect((await remove(beta, domain.id, tokens.betaOwner)).status).toBe(404);
    expect((await verify(alpha, 999_999)).status).toBe(404);
    expect((await remove(alpha, domain.id, tokens.viewer)).status).toBe(403);
    expect((await configOn(DOMAIN)).status).toBe(200);
  });

  it("stops serving it once removed: audited, caches dropped, 404 on the host", async () => {
    await seedCacheKeys();
    const res = await remove(alpha, domain.id);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { id: domain.id } });
    expect(await cacheKeysLeft()).toBe(0);
    expect((await configOn(DOMAIN)).status).toBe(404);
    expect((await list(alpha, tokens.owner)).domains).toEqual([]);
    const last = (await auditOf(DOMAIN)).at(-1);
    expect(last).toMatchObject({ action: "domain.remove", before: { hostname: DOMAIN, status: "active" }, after: null });
    expect((await remove(alpha, domain.id)).status).toBe(404);
  });
});

describe("limits and the dev DNS", () => {
  it("holds at most MAX_CUSTOM_DOMAINS domains per channel", async () => {
    const names = Array.from({ length: MAX_CUSTOM_DOMAINS }, (_, i) => `n${i}.beta-club.test`);
    for (const name of names) expect((await add(beta, name, tokens.betaOwner)).status).toBe(200);
    const over = await add(beta, "one-more.beta-club.test", tokens.betaOwner);
    expect(over.status).toBe(422);
    expect((await json<{ message: string }>(over)).message).toBe(DOMAIN_MESSAGES.tooMany);
    await db.delete(customHostnames).where(inArray(customHostnames.hostname, names));
  });

  it("lists, adds and deletes local records, and is not there in production", async () => {
    expect((await putRecord("MX" as "TXT", "x.example.org", "v")).status).toBe(422);
    await putRecord("TXT", "_cf-custom-hostname.dns.example.org", "abc");
    const listed = await call("alpha.localhost", "/api/dev/dns-records?name=dns.example.org", undefined, app);
    expect((await json<Data<{ type: string; name: string; value: string }[]>>(listed)).data).toEqual([
      { type: "TXT", name: "_cf-custom-hostname.dns.example.org", value: "abc", created_at: expect.any(String) },
    ]);
    const gone = await call("alpha.localhost", "/api/dev/dns-records?type=TXT&name=_cf-custom-hostname.dns.example.org", { method: "DELETE" }, app);
    expect(await json(gone)).toEqual({ data: { deleted: 1 } });
    expect((await putRecord("TXT", "a.example.org", "v", { ...env, APP_ENV: "production" })).status).toBe(404);
  });
});

describe("the Cron Trigger", () => {
  it("checks pending domains again, so one turns active without Check now, audited as the platform's", async () => {
    const hostname = "cron.beta-club.test";
    const domain = (await json<Data<CustomDomain>>(await add(beta, hostname, tokens.betaOwner))).data;
    for (const r of domain.records) await putRecord(r.type, r.name, r.value);
    // Just checked (when added): it waits for a later run.
    expect(await recheckPendingDomains(env, clock.now + 60_000)).toEqual({ checked: 0, activated: 0 });
    const run = await recheckPendingDomains(env, clock.now + RECHECK_AFTER_MS + 1);
    expect(run).toEqual({ checked: 1, activated: 1 });
    expect((await configOn(hostname)).status).toBe(200);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.target, hostname), eq(auditLog.action, "domain.verify"))).all();
    expect(entry).toMatchObject({ channelId: fx.beta.id, actorUserId: null, actorEmail: "platform", after: { status: "active" } });
    expect(await recheckPendingDomains(env, clock.now + 2 * RECHECK_AFTER_MS)).toEqual({ checked: 0, activated: 0 });
  });
});
