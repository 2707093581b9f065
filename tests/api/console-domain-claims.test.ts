// Claims of one hostname by several channels (issue 25, ADR 023): an unverified claim blocks no other channel, the
// first verified wins (the other claims are set aside and refused in words), and an unverified claim expires after
// DOMAIN_CLAIM_TTL_MS on the API's clock. Against local D1 with the local provider, and with a stand-in that, like
// Cloudflare, holds one copy of a hostname at a time.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_MESSAGES } from "@api/contract/console-messages";
import { DOMAIN_CLAIM_TTL_MS } from "@api/contract/constants";
import { type CustomDomain, DOMAIN_MESSAGES, type DomainsOverview } from "@api/contract/domains";
import { getDb } from "@api/db/client";
import { auditLog, customHostnames, localDnsRecords, users } from "@api/db/schema";
import { CustomHostnamesError, type CustomHostnames, type HostnameRef } from "@api/providers/hostnames";
import { RECHECK_AFTER_MS, recheckPendingDomains } from "@api/services/console/domain-recheck";
import { addDomain } from "@api/services/console/domains";
import { type Client, client, clockedApi, type Data, env, freshEmail, json, registerUser } from "./auth-helpers";
import { call, type Fixtures, seedChannels } from "./fixtures";

const db = getDb(env.DB);
const { app, clock } = clockedApi(Date.UTC(2026, 11, 1, 12));

let fx: Fixtures;
let alpha: Client;
let beta: Client;
const tokens = { alpha: "", beta: "" };

async function owner(c: Client) {
  const email = freshEmail("owner");
  const session = await registerUser(c, email);
  await db.update(users).set({ role: "owner" }).where(eq(users.email, email));
  return session.token;
}

type Refusal = { message: string; errors?: Record<string, string[]> };
const add = (c: Client, hostname: string, token: string) => c.post("/api/console/domains", { hostname }, token);
const added = async (c: Client, hostname: string, token: string) => {
  const res = await add(c, hostname, token);
  expect(res.status).toBe(200);
  return (await json<Data<CustomDomain>>(res)).data;
};
const verify = (c: Client, id: number, token: string) => c.post(`/api/console/domains/${id}/verify`, {}, token);
const list = async (c: Client, token: string) => (await json<Data<DomainsOverview>>(await c.get("/api/console/domains", token))).data.domains;
const putRecords = async (domain: CustomDomain) => {
  for (const r of domain.records) {
    const res = await call("alpha.localhost", "/api/dev/dns-records", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(r) }, app);
    expect(res.status).toBe(200);
  }
};
const servedBy = async (host: string) => {
  const res = await call(host, "/api/channel-config", undefined, app);
  return res.status === 200 ? (await json<Data<{ alias: string }>>(res)).data.alias : res.status;
};

beforeAll(async () => {
  fx = await seedChannels();
  await db.delete(localDnsRecords);
  alpha = await client(app, "alpha");
  beta = await client(app, "beta");
  tokens.alpha = await owner(alpha);
  tokens.beta = await owner(beta);
});

describe("an unverified claim blocks no other channel", () => {
  it("lets a second channel claim a hostname the first has not verified, with records of its own", async () => {
    const hostname = "squat.claims.test";
    const first = await added(alpha, hostname, tokens.alpha);
    const second = await added(beta, hostname, tokens.beta);
    expect(second).toMatchObject({ hostname, status: "pending", expires_at: new Date(clock.now + DOMAIN_CLAIM_TTL_MS).toISOString() });
    expect(second.records[1].value).not.toBe(first.records[1].value);
    expect((await list(alpha, tokens.alpha)).map((d) => d.id)).toEqual([first.id]);
    expect((await list(beta, tokens.beta)).map((d) => d.id)).toEqual([second.id]);
  });

  it("gives the hostname to the first claim verified; the other is set aside and refused in words", async () => {
    const hostname = "race.claims.test";
    const squatter = await added(alpha, hostname, tokens.alpha);
    const rightful = await added(beta, hostname, tokens.beta);
    // The squatter's records exist too, but the other claim is checked first.
    await putRecords(squatter);
    await putRecords(rightful);
    clock.now += 60_000;
    expect((await json<Data<CustomDomain>>(await verify(beta, rightful.id, tokens.beta))).data).toMatchObject({ status: "active", expires_at: null });
    expect(await servedBy(hostname)).toBe("beta");

    const lost = await verify(alpha, squatter.id, tokens.alpha);
    expect(lost.status).toBe(409);
    expect(await json<Refusal>(lost)).toEqual({ message: DOMAIN_MESSAGES.verifiedElsewhere, errors: { hostname: [DOMAIN_MESSAGES.verifiedElsewhere] } });
    expect((await list(alpha, tokens.alpha)).find((d) => d.id === squatter.id)).toMatchObject({ status: "failed", detail: DOMAIN_MESSAGES.verifiedElsewhere });
    expect(await servedBy(hostname)).toBe("beta");
    // The set-aside is in the loser's audit log as the platform's doing, not under the winner's name.
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.channelId, fx.alpha.id), eq(auditLog.target, hostname))).all();
    expect(entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ["domain.add", expect.stringMatching(/^owner-/)],
      ["domain.verify", "platform"],
    ]);
    // Verified, it is taken: no channel can claim it now.
    const again = await add(alpha, hostname, tokens.alpha);
    expect(again.status).toBe(409);
    expect((await json<Refusal>(again)).message).toBe(CONSOLE_MESSAGES.domainTaken);
  });
});

describe("an unverified claim expires", () => {
  it("after DOMAIN_CLAIM_TTL_MS it no longer verifies, the cron leaves it, and adding it again gives new records", async () => {
    const hostname = "late.claims.test";
    const start = clock.now;
    const claim = await added(alpha, hostname, tokens.alpha);
    await putRecords(claim);
    clock.now = start + DOMAIN_CLAIM_TTL_MS;
    expect(await recheckPendingDomains(env, clock.now + RECHECK_AFTER_MS)).toEqual({ checked: 0, activated: 0 });
    const res = await verify(alpha, claim.id, tokens.alpha);
    expect(res.status).toBe(409);
    expect((await json<Refusal>(res)).message).toBe(DOMAIN_MESSAGES.claimExpired);
    expect(await servedBy(hostname)).toBe(404);

    const fresh = await added(alpha, hostname, tokens.alpha);
    expect(fresh.id).not.toBe(claim.id);
    expect(fresh.records[1].value).not.toBe(claim.records[1].value);
    expect((await list(alpha, tokens.alpha)).filter((d) => d.hostname === hostname).map((d) => d.id)).toEqual([fresh.id]);
    await putRecords(fresh);
    expect((await json<Data<CustomDomain>>(await verify(alpha, fresh.id, tokens.alpha))).data.status).toBe("active");
    expect(await servedBy(hostname)).toBe("alpha");
  });

  it("a claim just short of the limit still verifies", async () => {
    const hostname = "prompt.claims.test";
    const start = clock.now;
    const claim = await added(beta, hostname, tokens.beta);
    await putRecords(claim);
    clock.now = start + DOMAIN_CLAIM_TTL_MS - 1;
    expect((await json<Data<CustomDomain>>(await verify(beta, claim.id, tokens.beta))).data.status).toBe("active");
  });
});

/** Like Cloudflare for SaaS: one copy of a hostname at a time; a second create is a duplicate until the first is removed. */
class OneCopyProvider implements CustomHostnames {
  readonly name = "local";
  readonly held = new Map<string, string>();
  private next = 0;

  async create(hostname: string) {
    if (this.held.has(hostname)) throw new CustomHostnamesError("duplicate", "held");
    const providerId = `copy-${++this.next}`;
    this.held.set(hostname, providerId);
    return { providerId, verification: { name: `_cf-custom-hostname.${hostname}`, value: providerId }, status: "pending" as const, detail: null };
  }

  async check() {
    return { status: "pending" as const, detail: null };
  }

  async remove(ref: HostnameRef) {
    if (this.held.get(ref.hostname) === ref.providerId) this.held.delete(ref.hostname);
  }
}

describe("a provider that holds one copy of a hostname", () => {
  it("moves the copy to the new claim and tells the displaced claim why", async () => {
    const provider = new OneCopyProvider();
    const hostname = "one-copy.claims.test";
    const scopeOf = (channel: { id: number; alias: string; name: string }) => ({
      provider,
      fallbackOrigin: "origin.localhost",
      scope: { db, env, channel, actor: { id: null, email: "test" }, now: clock.now },
    });
    const first = await addDomain(scopeOf({ id: fx.alpha.id, alias: "alpha", name: "Alpha Sports" }), hostname);
    const second = await addDomain(scopeOf({ id: fx.beta.id, alias: "beta", name: "Beta TV" }), hostname);
    expect(provider.held.get(hostname)).toBe(second.records[1].value);
    const [displaced] = await db.select().from(customHostnames).where(eq(customHostnames.id, first.id)).all();
    expect(displaced).toMatchObject({ status: "failed", detail: DOMAIN_MESSAGES.claimTakenOver });
  });
});
