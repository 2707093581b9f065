// The Cloudflare for SaaS adapter against a fake fetch answering the custom hostnames API's documented shapes
// ({ success, errors, messages, result } envelopes; hostname status, ssl status, ownership_verification,
// verification_errors): the calls it makes (paths, token, bodies), how states map to pending / active / failed, and
// how refusals become typed errors.
import { beforeEach, describe, expect, it } from "vitest";
import { CloudflareCustomHostnames, cloudflareVerdict, type CloudflareHostname } from "@api/providers/hostnames/cloudflare";
import { CustomHostnamesError } from "@api/providers/hostnames/types";

const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
const TOKEN = "cf-test-token";
const ID = "0d89c70d-ad9f-4843-b99f-6cc0252067e9";
const BASE = `https://api.cloudflare.com/client/v4/zones/${ZONE}/custom_hostnames`;
const OWNERSHIP = { type: "txt", name: "_cf-custom-hostname.app.example.com", value: "5cc07c04-ea62-4a5a-95f0-419334a875a4" };

const hostname = (extra: Partial<CloudflareHostname> = {}): CloudflareHostname => ({
  id: ID,
  hostname: "app.example.com",
  status: "pending",
  verification_errors: ["custom hostname does not CNAME to this zone."],
  ownership_verification: OWNERSHIP,
  ssl: { status: "pending_validation", method: "http" },
  ...extra,
});
const ok = (result: unknown) => ({ success: true, errors: [], messages: [], result });
const refused = (code: number, message: string) => ({ success: false, errors: [{ code, message }], messages: [], result: null });

interface Sent {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

let sent: Sent[];
let answers: [number, unknown][];
const fakeFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  sent.push({ method: init?.method ?? "GET", url: String(input), authorization: headers.get("authorization"), body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const next = answers.shift();
  if (!next) throw new TypeError("fetch failed");
  return new Response(JSON.stringify(next[1]), { status: next[0], headers: { "content-type": "application/json" } });
};
const provider = () => new CloudflareCustomHostnames({ zoneId: ZONE, apiToken: TOKEN }, fakeFetch);
const ref = { providerId: ID, hostname: "app.example.com", verification: { name: OWNERSHIP.name, value: OWNERSHIP.value } };

beforeEach(() => {
  sent = [];
  answers = [];
});

describe("cloudflareVerdict", () => {
  it("is active only when the hostname and its certificate both are", () => {
    expect(cloudflareVerdict(hostname({ status: "active", ssl: { status: "active" }, verification_errors: [] }))).toEqual({ status: "active", detail: null });
    expect(cloudflareVerdict(hostname({ status: "active_redeploying", ssl: { status: "active" } }))).toEqual({ status: "active", detail: null });
    expect(cloudflareVerdict(hostname({ status: "active", ssl: { status: "pending_issuance" }, verification_errors: [] }))).toEqual({
      status: "pending",
      detail: "The certificate is pending issuance.",
    });
  });

  it("is pending with Cloudflare's own words while DNS or the certificate are not there", () => {
    expect(cloudflareVerdict(hostname())).toEqual({ status: "pending", detail: "custom hostname does not CNAME to this zone." });
    const sslError = hostname({ verification_errors: [], ssl: { status: "pending_validation", validation_errors: [{ message: "CAA record prevents issuance." }] } });
    expect(cloudflareVerdict(sslError).detail).toBe("CAA record prevents issuance.");
    expect(cloudflareVerdict({ id: ID, hostname: "app.example.com" })).toEqual({ status: "pending", detail: "The hostname is pending; the certificate is initializing." });
  });

  it("is failed when Cloudflare blocked or moved the hostname", () => {
    for (const status of ["blocked", "pending_blocked", "moved", "deleted", "test_failed"]) {
      expect(cloudflareVerdict(hostname({ status, verification_errors: [] })).status, status).toBe("failed");
    }
    expect(cloudflareVerdict(hostname({ status: "moved", verification_errors: [] })).detail).toBe("Cloudflare marked the hostname moved.");
  });
});

describe("CloudflareCustomHostnames", () => {
  it("creates with HTTP certificate validation and keeps the ownership TXT record", async () => {
    answers = [[200, ok(hostname())]];
    const created = await provider().create("app.example.com");
    expect(sent).toEqual([{ method: "POST", url: BASE, authorization: `Bearer ${TOKEN}`, body: { hostname: "app.example.com", ssl: { method: "http", type: "dv" } } }]);
    expect(created).toEqual({
      providerId: ID,
      verification: { name: OWNERSHIP.name, value: OWNERSHIP.value },
      status: "pending",
      detail: "custom hostname does not CNAME to this zone.",
    });
  });

  it("reads the hostname again when the create answer has no ownership record yet", async () => {
    answers = [
      [200, ok(hostname({ ownership_verification: undefined }))],
      [200, ok(hostname())],
    ];
    expect((await provider().create("app.example.com")).verification.value).toBe(OWNERSHIP.value);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`POST ${BASE}`, `GET ${BASE}/${ID}`]);
  });

  it("says a hostname the zone already holds is a duplicate", async () => {
    answers = [[409, refused(1406, "Duplicate custom hostname found.")]];
    const error = await provider().create("app.example.com").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustomHostnamesError);
    expect(error).toMatchObject({ code: "duplicate", message: "Duplicate custom hostname found." });
  });

  it("turns other refusals and an unreachable API into `unavailable`", async () => {
    answers = [[403, refused(10000, "Authentication error")]];
    await expect(provider().create("app.example.com")).rejects.toMatchObject({ code: "unavailable", message: "Authentication error" });
    answers = [];
    await expect(provider().check(ref)).rejects.toMatchObject({ code: "unavailable" });
    answers = [[500, { success: false }]];
    await expect(provider().check(ref)).rejects.toMatchObject({ code: "unavailable", message: "Cloudflare answered 500." });
  });

  it("checks with a GET, and asks Cloudflare to validate again while the certificate waits", async () => {
    answers = [[200, ok(hostname({ status: "active", verification_errors: [], ssl: { status: "active" } }))]];
    expect(await provider().check(ref)).toEqual({ status: "active", detail: null });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`GET ${BASE}/${ID}`]);

    sent = [];
    answers = [
      [200, ok(hostname({ status: "active", verification_errors: [], ssl: { status: "pending_validation" } }))],
      [200, ok(hostname({ status: "active", verification_errors: [], ssl: { status: "pending_issuance" } }))],
    ];
    expect(await provider().check(ref)).toEqual({ status: "pending", detail: "The certificate is pending issuance." });
    expect(sent[1]).toMatchObject({ method: "PATCH", url: `${BASE}/${ID}`, body: { ssl: { method: "http", type: "dv" } } });
  });

  it("reports a hostname Cloudflare no longer knows as failed", async () => {
    answers = [[404, refused(1436, "Custom hostname not found.")]];
    expect(await provider().check(ref)).toMatchObject({ status: "failed", detail: expect.stringContaining("no longer knows") });
  });

  it("removes with a DELETE, and a hostname already gone counts as removed", async () => {
    answers = [[200, ok({ id: ID })]];
    await provider().remove(ref);
    expect(sent).toEqual([{ method: "DELETE", url: `${BASE}/${ID}`, authorization: `Bearer ${TOKEN}`, body: undefined }]);
    answers = [[404, refused(1436, "Custom hostname not found.")]];
    await expect(provider().remove(ref)).resolves.toBeUndefined();
  });
});
