// The dev tools (issue 25) exist only where the configuration turns them on (api/env.ts devToolsOn): in production
// their routes are not mounted, so each answers exactly what an unknown path answers, before any auth or body is read.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import type { TestChannel } from "@api/contract/test-channels";
import { DEV_INGEST_SECRET } from "@api/env";
import { call, mintKey, postJson } from "./fixtures";

const definition = {
  name: "Dev Tools",
  settings: { language: "en", title: "Dev Tools" },
  menu: [{ key: "home", placement: "header", kind: "link", name: "Home", url: "/" }],
  catalogue: { time_zone: "UTC", sports: [], schools: [], teams: [], events: [] },
};

const production = { ...env, APP_ENV: "production" } as Env;
const json = (method: string, body: unknown): RequestInit => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Every dev route, as a tester or the local ingest calls it. */
function devRequests(key: string): [string, RequestInit][] {
  const ingest = { headers: { authorization: `Bearer ${DEV_INGEST_SECRET}` } };
  return [
    [`/api/dev/outbox?api_key=${key}`, {}],
    [`/api/dev/analytics?api_key=${key}&session=s1`, {}],
    ["/api/dev/payments/run-due", json("POST", { api_key: key })],
    ["/api/dev/reminders/run-due", json("POST", { api_key: key })],
    ["/api/dev/dns-records", {}],
    ["/api/dev/dns-records", json("PUT", { type: "TXT", name: "_cf-custom-hostname.squat.example.org", value: "v" })],
    ["/api/dev/ingest/work", ingest],
    ["/api/dev/channels", postJson({ definition, alias_prefix: "devtools" })],
  ];
}

describe("dev tools", () => {
  it("are served in development and tests", async () => {
    const res = await call("127.0.0.1:8788", "/api/dev/channels", postJson({ definition, alias_prefix: "devtools" }));
    expect(res.status, await res.clone().text()).toBe(201);
    const channel = ((await res.json()) as { data: TestChannel }).data;
    const host = `${channel.alias}.localhost`;
    const key = await mintKey(host, channel.channel_key);
    for (const [path, init] of devRequests(key)) {
      const answer = await call(host, path, init);
      expect(answer.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(300);
    }
  });

  it("do not exist in production: the same 404 as an unknown path", async () => {
    const res = await call("127.0.0.1:8788", "/api/dev/channels", postJson({ definition, alias_prefix: "devtools" }));
    const channel = ((await res.json()) as { data: TestChannel }).data;
    const host = `${channel.alias}.localhost`;
    const key = await mintKey(host, channel.channel_key);
    const unknown = await call(host, `/api/no-such-route?api_key=${key}`, {}, undefined, production);
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();
    for (const [path, init] of [...devRequests(key), ["/api/dev/tus/u1/t1", { method: "PATCH" }] as [string, RequestInit]]) {
      const answer = await call(host, path, init, undefined, production);
      expect(answer.status, `${init.method ?? "GET"} ${path}`).toBe(404);
      expect(await answer.text()).toBe(unknownBody);
    }
  });
});
