// The typed API client's SPEC §7 key rule and §8 error rules, against a fake transport (no network, no waiting).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REQUEST_TIMEOUT_MS } from "@api/contract/constants";
import { channelKeySource, clearApiKeys } from "~/server/api/api-key.server";
import { createApiClient, type ApiKeySource, type Transport } from "~/server/api/client.server";
import { ApiRequestError, isKeyError } from "~/server/api/errors";

const ORIGIN = "http://alpha.localhost";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const keyError = (field = "api_key") => json({ message: "No chanel or api key found", errors: { [field]: ["No chanel or api key found"] } }, 403);

/** A transport answering from a script of responses, recording every request it was sent. */
function fakeTransport(...answers: (Response | (() => Response))[]) {
  const requests: Request[] = [];
  const transport: Transport = async (request) => {
    requests.push(request);
    const next = answers.shift() ?? json({ data: "default" });
    return typeof next === "function" ? next() : next;
  };
  return { transport, requests };
}

/** A key source handing out key-1, key-2… and counting clears. */
function fakeKeys(...keys: (string | null)[]) {
  const source = { get: vi.fn(async () => (keys.length ? keys.shift()! : null)), clear: vi.fn() } satisfies ApiKeySource;
  return source;
}

function setup(answers: Response[], keys: ApiKeySource = fakeKeys("key-1", "key-2", "key-3")) {
  const fake = fakeTransport(...answers);
  const sleep = vi.fn(async (_ms: number) => {});
  const onUnauthenticated = vi.fn();
  const client = createApiClient({ transport: fake.transport, origin: ORIGIN, keys, sleep, onUnauthenticated, headers: { "x-test": "1" } });
  return { client, requests: fake.requests, sleep, onUnauthenticated, keys };
}

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => expect.unreachable("the call should fail"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe("SPEC §7 key rule", () => {
  it("puts the api_key in the query of a GET, with the other query values, and sends no body", async () => {
    const { client, requests } = setup([json({ data: 1 })]);
    expect(await client.get("/pages/3", { query: { lang: "fr", skip: undefined, none: null, n: 2 } })).toEqual({ data: 1 });
    const url = new URL(requests[0].url);
    expect(requests[0].method).toBe("GET");
    expect(url.origin + url.pathname).toBe("http://alpha.localhost/api/pages/3");
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: "fr", n: "2", api_key: "key-1" });
    expect(requests[0].body).toBeNull();
    expect(requests[0].headers.get("accept")).toBe("application/json");
    expect(requests[0].headers.get("x-test")).toBe("1");
  });

  it("puts the api_key in the query of a DELETE", async () => {
    const { client, requests } = setup([json({ data: true })]);
    await client.delete("clip/9");
    expect(requests[0].method).toBe("DELETE");
    expect(new URL(requests[0].url).searchParams.get("api_key")).toBe("key-1");
    expect(requests[0].body).toBeNull();
  });

  it("puts the api_key in the JSON body of a POST, not in the query", async () => {
    const { client, requests } = setup([json({ data: true })]);
    await client.post("custom-forms/contact", { body: { name: "Ada" } });
    expect(requests[0].method).toBe("POST");
    expect(new URL(requests[0].url).searchParams.has("api_key")).toBe(false);
    expect(requests[0].headers.get("content-type")).toBe("application/json");
    expect(await requests[0].json()).toEqual({ name: "Ada", api_key: "key-1" });
  });

  it("sends no api_key on public calls and does not ask for one", async () => {
    const { client, requests, keys } = setup([json({ data: 1 }), json({ data: 2 })]);
    await client.get("settings", { public: true });
    await client.post("get_api_key", { public: true, body: { channel_key: "ck" } });
    expect(keys.get).not.toHaveBeenCalled();
    expect(new URL(requests[0].url).searchParams.has("api_key")).toBe(false);
    expect(await requests[1].json()).toEqual({ channel_key: "ck" });
  });

  it('fails with "no api key" without sending anything when no key can be had', async () => {
    const { client, requests } = setup([], fakeKeys(null));
    const error = await failure(client.get("pages/1"));
    expect(error.kind).toBe("no_api_key");
    expect(error.message).toBe("no api key");
    expect(error.global).toBe(true);
    expect(requests).toHaveLength(0);

    const keyless = createApiClient({ transport: fakeTransport().transport, origin: ORIGIN });
    expect((await failure(keyless.post("favorite"))).message).toBe("no api key");
  });
});

describe("SPEC §8 error rules", () => {
  it("on an error naming api_key: clears the key, waits 1000 ms and retries once with a new key", async () => {
    const { client, requests, sleep, keys } = setup([keyError("api_key"), json({ data: "ok" })]);
    expect(await client.get("pages/1")).toEqual({ data: "ok" });
    expect(keys.clear).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(requests.map((r) => new URL(r.url).searchParams.get("api_key"))).toEqual(["key-1", "key-2"]);
  });

  it("on an error naming channel_key in its message: retries a POST with the new key in the body", async () => {
    const { client, requests, sleep } = setup([json({ message: "bad channel_key" }, 403), json({ data: "ok" })]);
    await client.post("favorite", { body: { favoritable_id: 1 } });
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(await requests[1].json()).toEqual({ favoritable_id: 1, api_key: "key-2" });
  });

  it("retries only once: a second key error is a global api_key failure", async () => {
    const { client, requests, sleep, keys } = setup([keyError(), keyError(), json({ data: "never" })]);
    const error = await failure(client.get("pages/1"));
    expect(error.kind).toBe("api_key");
    expect(error.status).toBe(403);
    expect(error.global).toBe(true);
    expect(requests).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(keys.clear).toHaveBeenCalledTimes(2);
  });

  it("does not retry a public call refused for its channel_key (the handshake itself)", async () => {
    const { client, requests, sleep, keys } = setup([keyError("channel_key")]);
    const error = await failure(client.post("get_api_key", { public: true, body: { channel_key: "x" } }));
    expect(error.kind).toBe("api_key");
    expect(keys.clear).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
  });

  it("429 is a global throttled error, never retried", async () => {
    const { client, requests, sleep } = setup([json({ message: "Too many requests" }, 429), json({ data: 1 })]);
    const error = await failure(client.get("events"));
    expect(error.kind).toBe("throttled");
    expect(error.status).toBe(429);
    expect(error.global).toBe(true);
    expect(requests).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("401 calls onUnauthenticated and fails as unauthenticated, without retry", async () => {
    const { client, requests, onUnauthenticated, keys } = setup([json({ message: "Unauthenticated." }, 401)]);
    const error = await failure(client.get("profile"));
    expect(error.kind).toBe("unauthenticated");
    expect(error.status).toBe(401);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(keys.clear).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
  });

  it.each([201, 202, 204])("a %i success is a failure", async (status) => {
    const body = status === 204 ? new Response(null, { status }) : json({ data: "created" }, status);
    const { client, sleep } = setup([body]);
    const error = await failure(client.post("clip", { body: {} }));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(status);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("tells 404, 422 (with field errors) and 500 apart, and survives a non-JSON error body", async () => {
    const errors = { email: ["A valid email address is required"] };
    const { client } = setup([
      json({ message: "Not found" }, 404),
      json({ message: "A valid email address is required", errors }, 422),
      new Response("<html>oops</html>", { status: 500 }),
    ]);
    expect((await failure(client.get("custom-forms/x"))).kind).toBe("not_found");
    const invalid = await failure(client.post("custom-forms/x", { body: {} }));
    expect([invalid.kind, invalid.message, invalid.fieldErrors]).toEqual(["validation", "A valid email address is required", errors]);
    const broken = await failure(client.get("settings", { public: true }));
    expect([broken.kind, broken.status, broken.message, broken.global]).toEqual(["http", 500, "HTTP 500", false]);
  });

  it("a transport failure is a network error", async () => {
    const client = createApiClient({ transport: () => Promise.reject(new TypeError("connection refused")), origin: ORIGIN });
    const error = await failure(client.get("settings", { public: true }));
    expect([error.kind, error.message]).toEqual(["network", "connection refused"]);
  });
});

describe("timeout and cancellation", () => {
  /** Never answers; rejects with the request signal's reason once it is aborted, as fetch does. */
  const hanging: Transport = (request) =>
    new Promise((_resolve, reject) => {
      request.signal.addEventListener("abort", () => reject(request.signal.reason));
    });

  afterEach(() => vi.restoreAllMocks());

  it("uses a 30 000 ms timeout by default", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    const { client } = setup([json({ data: 1 })]);
    await client.get("settings", { public: true });
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(timeout).toHaveBeenCalledWith(30_000);
  });

  it("a request that outlasts timeoutMs fails as a timeout", async () => {
    const client = createApiClient({ transport: hanging, origin: ORIGIN, timeoutMs: 5 });
    const error = await failure(client.get("settings", { public: true }));
    expect(error.kind).toBe("timeout");
  });

  it("a caller-cancelled request re-throws the caller's abort reason unchanged", async () => {
    let reached!: () => void;
    const inFlight = new Promise<void>((resolve) => (reached = resolve));
    const transport: Transport = (request) => (reached(), hanging(request));
    const client = createApiClient({ transport, origin: ORIGIN, keys: fakeKeys("k"), sleep: vi.fn() });
    const controller = new AbortController();
    const reason = new Error("navigated away");
    const pending = client.get("events", { signal: controller.signal });
    await inFlight;
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("an already-cancelled signal re-throws its reason too", async () => {
    const client = createApiClient({ transport: (r) => (r.signal.aborted ? Promise.reject(r.signal.reason) : hanging(r)), origin: ORIGIN });
    const reason = new DOMException("stop", "AbortError");
    await expect(client.get("settings", { public: true, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});

describe("isKeyError", () => {
  it("recognises api_key and channel_key in the message or the field names, and nothing else", () => {
    expect(isKeyError({ message: "missing api_key" })).toBe(true);
    expect(isKeyError({ message: "x", errors: { channel_key: ["bad"] } })).toBe(true);
    expect(isKeyError({ message: "Field is required", errors: { email: ["Field is required"] } })).toBe(false);
    expect(isKeyError({ message: "see api_keys table" })).toBe(false);
    expect(isKeyError(null)).toBe(false);
  });
});

describe("channelKeySource", () => {
  const T0 = 1_700_000_000_000;
  const MIN = 60_000;
  let clock = T0;
  const now = () => clock;
  let minted = 0;
  const mint = vi.fn(async () => ({ api_key: `minted-${++minted}`, expires_at: T0 + 60 * MIN }));

  beforeEach(() => {
    clearApiKeys();
    clock = T0;
    minted = 0;
    mint.mockClear();
  });

  it("renews: forgets the stored key and mints a fresh one (logout, SPEC §4)", async () => {
    const source = channelKeySource("alpha", mint, now);
    expect(await source.ensure()).toBe("minted-1");
    expect(await source.renew()).toBe("minted-2");
    expect(await channelKeySource("alpha", mint, now).get()).toBe("minted-2");
    expect(mint).toHaveBeenCalledTimes(2);
  });

  it("mints once and keeps the key for the channel", async () => {
    const source = channelKeySource("alpha", mint, now);
    expect(await source.ensure()).toBe("minted-1");
    expect(await source.get()).toBe("minted-1");
    // Another source for the same channel (the next request) reuses it.
    expect(await channelKeySource("alpha", mint, now).get()).toBe("minted-1");
    expect(mint).toHaveBeenCalledTimes(1);
  });

  it("keeps one key per channel", async () => {
    await channelKeySource("alpha", mint, now).ensure();
    expect(await channelKeySource("beta", mint, now).ensure()).toBe("minted-2");
    expect(await channelKeySource("alpha", mint, now).ensure()).toBe("minted-1");
  });

  it("shares one mint between concurrent callers", async () => {
    let release!: () => void;
    const slowMint = vi.fn(() => new Promise<{ api_key: string; expires_at: number }>((r) => (release = () => r({ api_key: "slow", expires_at: T0 + 60 * MIN }))));
    const a = channelKeySource("alpha", slowMint, now).ensure();
    const b = channelKeySource("alpha", slowMint, now).ensure();
    release();
    expect(await Promise.all([a, b])).toEqual(["slow", "slow"]);
    expect(slowMint).toHaveBeenCalledTimes(1);
  });

  it("renews 5 minutes before expiry", async () => {
    const source = channelKeySource("alpha", mint, now);
    await source.ensure();
    clock = T0 + 55 * MIN - 1; // 5 min + 1 ms before expiry
    expect(await source.ensure()).toBe("minted-1");
    clock = T0 + 55 * MIN; // exactly 5 min before expiry
    expect(await source.ensure()).toBe("minted-2");
    expect(mint).toHaveBeenCalledTimes(2);
  });

  it("clear() drops the key, so the next call mints a new one", async () => {
    const source = channelKeySource("alpha", mint, now);
    await source.ensure();
    source.clear();
    expect(await source.get()).toBe("minted-2");
  });

  it("a failed mint: ensure() throws, get() answers null, and the next call tries again", async () => {
    const failing = vi.fn().mockRejectedValueOnce(new Error("403")).mockResolvedValue({ api_key: "later", expires_at: T0 + 60 * MIN });
    const source = channelKeySource("alpha", failing, now);
    await expect(source.ensure()).rejects.toThrow("403");
    expect(await source.get()).toBe("later");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("with the client: a refused key is cleared and a freshly minted one is used on the retry", async () => {
    const fake = fakeTransport(keyError(), json({ data: "ok" }));
    const sleep = vi.fn(async () => {});
    const client = createApiClient({ transport: fake.transport, origin: ORIGIN, keys: channelKeySource("alpha", mint, now), sleep });
    await client.get("pages/1");
    expect(fake.requests.map((r) => new URL(r.url).searchParams.get("api_key"))).toEqual(["minted-1", "minted-2"]);
    expect(sleep).toHaveBeenCalledWith(1000);
  });
});
