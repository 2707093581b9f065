// The Worker's configuration (api/env.ts, issue 25): production by default, production refuses to serve without its
// secrets (never falling back to development values), and the committed wrangler.toml is production.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appConfig, ConfigError, DEV_AUTH_SECRET, deployableConfig, deployProblems, devToolsOn } from "@api/env";
import { authSecret } from "@api/lib/secrets";
import { localIngestSecret } from "@api/providers/video";
import { localIssuer } from "@api/providers/oauth/providers";

const PRODUCTION_SECRETS = {
  AUTH_SECRET: "k3Jp0x9QeV2mZ7tYb4nR8sW1cF6hL5dA0gU3iO9vE2q",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PUBLISHABLE_KEY: "pk_live_x",
  CLOUDFLARE_STREAM_ACCOUNT_ID: "acc",
  CLOUDFLARE_STREAM_API_TOKEN: "tok",
  CLOUDFLARE_STREAM_WEBHOOK_SECRET: "wh",
  CLOUDFLARE_STREAM_NOTIFICATION_SECRET: "nt",
  MAIL_API_KEY: "re_x",
  MAIL_FROM: "Channel <no-reply@example.org>",
};

describe("the Worker's configuration", () => {
  it("is production when APP_ENV is unset or blank, and refuses an unknown one by name", () => {
    expect(appConfig({}).APP_ENV).toBe("production");
    expect(appConfig({ APP_ENV: " " }).APP_ENV).toBe("production");
    expect(devToolsOn(appConfig({}))).toBe(false);
    expect(devToolsOn(appConfig({ APP_ENV: "development" }))).toBe(true);
    expect(devToolsOn(appConfig({ APP_ENV: "test" }))).toBe(true);
    expect(() => appConfig({ APP_ENV: "prod" })).toThrow(ConfigError);
    expect(() => appConfig({ APP_ENV: "prod" })).toThrow(/APP_ENV/);
  });

  it("reads typed values once per env object", () => {
    const env = { APP_ENV: "test", TRUST_FORWARDED_HOST: "1", LOCAL_INGEST_RTMP_PORT: "2935", API_ORIGIN: "https://api.example.org/" };
    const config = appConfig(env);
    expect(config).toMatchObject({ TRUST_FORWARDED_HOST: true, LOCAL_INGEST_RTMP_PORT: 2935, API_ORIGIN: "https://api.example.org" });
    expect(appConfig(env)).toBe(config);
    expect(() => appConfig({ API_ORIGIN: "ftp://x" })).toThrow(/API_ORIGIN/);
  });

  it("in production, names every missing secret and never a value", () => {
    const problems = deployProblems(appConfig({ APP_ENV: "production" }));
    for (const name of Object.keys(PRODUCTION_SECRETS)) expect(problems.join(" ")).toContain(name);
    expect(() => deployableConfig({ APP_ENV: "production" })).toThrow(ConfigError);
    expect(deployProblems(appConfig({ APP_ENV: "production", ...PRODUCTION_SECRETS }))).toEqual([]);
    // The development secret, or one too short, is no secret.
    for (const AUTH_SECRET of [DEV_AUTH_SECRET, "short-secret"]) {
      const message = (() => {
        try {
          deployableConfig({ ...PRODUCTION_SECRETS, AUTH_SECRET });
          return "";
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message).toContain("AUTH_SECRET");
      expect(message).not.toContain(AUTH_SECRET);
    }
  });

  it("needs nothing in development and tests, where the development values stand in", () => {
    expect(deployProblems(appConfig({ APP_ENV: "development" }))).toEqual([]);
    expect(deployProblems(appConfig({ APP_ENV: "test" }))).toEqual([]);
    expect(authSecret({ APP_ENV: "development" })).toBe(DEV_AUTH_SECRET);
    expect(localIngestSecret({ APP_ENV: "test" } as unknown as Env)).toMatch(/^dev-only/);
  });

  it("never falls back to a development value or a local stand-in in production", () => {
    expect(() => authSecret({ APP_ENV: "production" })).toThrow(/AUTH_SECRET/);
    expect(() => authSecret({})).toThrow(/AUTH_SECRET/);
    expect(localIngestSecret({ LOCAL_INGEST_SECRET: "s" } as unknown as Env)).toBeNull();
    expect(localIssuer({ OAUTH_LOCAL_ISSUER: "http://127.0.0.1:8790" })).toBeNull();
    expect(localIssuer({ APP_ENV: "development", OAUTH_LOCAL_ISSUER: "http://127.0.0.1:8790/" })).toBe("http://127.0.0.1:8790");
  });

  it("is production as committed: wrangler.toml's APP_ENV, and .dev.vars is never committed", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    const vars = toml.slice(toml.indexOf("\n[vars]"));
    expect(/^APP_ENV\s*=\s*"([^"]*)"/m.exec(vars)?.[1]).toBe("production");
    expect(readFileSync(".gitignore", "utf8").split("\n")).toContain(".dev.vars");
  });
});
