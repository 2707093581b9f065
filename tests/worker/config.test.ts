// A deploy without its secrets (issue 25): the committed configuration is production, and production serves nothing
// until AUTH_SECRET, the payment, video and mail secrets are set: one 503 naming what is missing, never a page signed
// with a development value, and no dev tool. With them set, the same Worker serves, still without dev tools.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker";
import { loadChannel } from "./harness";

async function sendWith(bindings: Env, url: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(url, { redirect: "manual", ...init });
  request.headers.set("host", new URL(url).host);
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const SECRETS = {
  AUTH_SECRET: "0123456789abcdefghijklmnopqrstuvwxyzABCDEF",
  STRIPE_SECRET_KEY: "sk_test_config",
  STRIPE_WEBHOOK_SECRET: "whsec_config",
  STRIPE_PUBLISHABLE_KEY: "pk_test_config",
  CLOUDFLARE_STREAM_ACCOUNT_ID: "acc",
  CLOUDFLARE_STREAM_API_TOKEN: "tok",
  CLOUDFLARE_STREAM_WEBHOOK_SECRET: "wh",
  CLOUDFLARE_STREAM_NOTIFICATION_SECRET: "nt",
  MAIL_API_KEY: "re_config",
  MAIL_FROM: "Config <no-reply@example.org>",
};

describe("production's configuration", () => {
  it("without its secrets answers 503 naming each, on pages and the API alike, with nothing else served", async () => {
    const channel = await loadChannel("alpha");
    // None of them, whatever a developer's .dev.vars gave this test run.
    const bare = { ...env, ...Object.fromEntries(Object.keys(SECRETS).map((k) => [k, undefined])), APP_ENV: "production" } as Env;
    for (const path of ["/", "/login", `/api/dev/outbox?api_key=x`, "/api/settings"]) {
      const res = await sendWith(bare, `${channel.origin}${path}`);
      expect(res.status, path).toBe(503);
      const text = await res.text();
      for (const name of Object.keys(SECRETS)) expect(text, path).toContain(name);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    // An oversized post to it is still read and refused, not left to reset the connection.
    const post = await sendWith(bare, `${channel.origin}/login`, { method: "POST", body: "x".repeat(2_000_000) });
    expect(post.status).toBe(503);
  });

  it("with its secrets serves the channel, and the dev tools stay unmounted", async () => {
    const channel = await loadChannel("alpha");
    const configured = { ...env, ...SECRETS, APP_ENV: "production" } as Env;
    const home = await sendWith(configured, `${channel.origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");
    expect((await sendWith(configured, `${channel.origin}/api/dev/outbox?api_key=x`)).status).toBe(404);
    expect((await sendWith(configured, `${channel.origin}/dev/outbox`)).status).toBe(404);
  });
});
