// Issue 25: a body the Worker refuses or never reads is read and dropped before the answer goes (api/lib/request-body.ts):
// answering over unread bytes resets the client's connection, and stopped `npm start`'s server (wrangler's dev proxy)
// after a form post over 1 MiB. Each body here is a stream that counts what was pulled from it: "read to its end" is
// what keeps the connection. And a post to a page without an action is a quiet 405, not a logged server error.
import { afterEach, describe, expect, it, vi } from "vitest";
import { API_BODY_MAX_BYTES } from "../../api/lib/validate";
import { FORM_BODY_MAX_BYTES } from "../../app/server/form.server";
import { send, sharedChannel } from "./harness";

const MiB = 1024 * 1024;

/** A body of `total` bytes in 64 KiB chunks; `pulled()` says how much of it the reader took. */
function countedBody(total: number, byte = "a".charCodeAt(0)) {
  let sent = 0;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        closed = true;
        controller.close();
        return;
      }
      const n = Math.min(64 * 1024, total - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(byte));
    },
  });
  return { stream, pulled: () => sent, readToEnd: () => closed };
}

afterEach(() => vi.restoreAllMocks());

describe("a body the Worker refuses or does not read is read to its end before the answer", () => {
  it("a 2 MiB form posted to the login page: 400, the whole body read", async () => {
    const ch = await sharedChannel("alpha");
    const body = countedBody(2 * MiB);
    expect(2 * MiB).toBeGreaterThan(FORM_BODY_MAX_BYTES);
    const response = await send(ch.url("/login"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(2 * MiB), origin: ch.origin },
      body: body.stream,
    });
    expect(response.status).toBe(400);
    expect(body.readToEnd(), `${body.pulled()} of ${2 * MiB} bytes read`).toBe(true);
  });

  it("the same without a Content-Length (chunked): 400, the whole body read", async () => {
    const ch = await sharedChannel("alpha");
    const body = countedBody(2 * MiB);
    const response = await send(ch.url("/login"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ch.origin }, body: body.stream });
    expect(response.status).toBe(400);
    expect(body.readToEnd()).toBe(true);
  });

  it("a form posted to a page without an action: a 405 that logs no server error, the body read", async () => {
    const ch = await sharedChannel("alpha");
    const errors = vi.spyOn(console, "error");
    const body = countedBody(512 * 1024);
    const response = await send(ch.url("/faq"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ch.origin }, body: body.stream });
    expect(response.status).toBe(405);
    expect(body.readToEnd()).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it("an API body over its limit is a 413 in words, declared or chunked, and read to its end", async () => {
    const ch = await sharedChannel("alpha");
    for (const declared of [true, false]) {
      const body = countedBody(2 * MiB, "{".charCodeAt(0));
      expect(2 * MiB).toBeGreaterThan(API_BODY_MAX_BYTES);
      const headers: Record<string, string> = { "content-type": "application/json", ...(declared ? { "content-length": String(2 * MiB) } : {}) };
      const response = await send(ch.url("/api/v2/auth/login"), { method: "POST", headers, body: body.stream });
      expect(response.status, `declared: ${declared}`).toBe(413);
      expect(await response.json()).toEqual({ message: "The request body is too large." });
      expect(body.readToEnd(), `declared: ${declared}`).toBe(true);
    }
  });

  it("the same 413 where a body is validated before any key (the json validator read it whole) and on the signed webhooks", async () => {
    const ch = await sharedChannel("alpha");
    for (const path of ["/api/get_api_key", "/api/datalake/event/", "/api/stripe/webhook", "/api/video/webhook"]) {
      const body = countedBody(2 * MiB, "{".charCodeAt(0));
      const response = await send(ch.url(path), { method: "POST", headers: { "content-type": "application/json" }, body: body.stream });
      expect(response.status, path).toBe(413);
      expect(await response.json()).toEqual({ message: "The request body is too large." });
      expect(body.readToEnd(), path).toBe(true);
    }
  });

  it("a post to an unknown host (no action there: 405) and one from another site (403) are answered after their bodies are read", async () => {
    const unknown = countedBody(MiB);
    const origin = "http://nosuch.localhost";
    const missing = await send(`${origin}/`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin }, body: unknown.stream });
    expect(missing.status).toBe(405);
    expect(unknown.readToEnd()).toBe(true);

    const ch = await sharedChannel("alpha");
    const foreign = countedBody(MiB);
    const refused = await send(ch.url("/login"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elsewhere.example" }, body: foreign.stream });
    expect(refused.status).toBe(403);
    expect(foreign.readToEnd()).toBe(true);
  });
});
