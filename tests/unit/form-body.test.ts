import { describe, expect, it } from "vitest";
import { FORM_BODY_MAX_BYTES, answersJson, readForm } from "~/server/form.server";
import { FETCH_MARKER } from "~/lib/fetch-marker";

const post = (body: BodyInit | null, contentType?: string, extra: RequestInit = {}) =>
  new Request("http://alpha.localhost/login", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {}, ...extra });

async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, body: await response.json() };
}

describe("readForm: every action's body (ADR 021)", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect((await readForm(post("email=a%40b.test&x=1", "application/x-www-form-urlencoded;charset=UTF-8"))).get("email")).toBe("a@b.test");
    const form = new FormData();
    form.set("intent", "create");
    expect((await readForm(new Request("http://alpha.localhost/x", { method: "POST", body: form }))).get("intent")).toBe("create");
  });

  it("answers 415 to another type, or to none", async () => {
    expect(await refusal(readForm(post('{"a":1}', "application/json")))).toEqual({ status: 415, body: { code: "unsupported_form" } });
    expect((await refusal(readForm(post("a=1", "text/plain")))).status).toBe(415);
    expect((await refusal(readForm(post("a=1")))).status).toBe(415);
  });

  it("lets a body-less action take an empty post without a type, and nothing else", async () => {
    expect([...(await readForm(post(null), { bodyless: true })).keys()]).toEqual([]);
    expect((await refusal(readForm(post("a=1"), { bodyless: true }))).status).toBe(415);
    expect((await refusal(readForm(post("{}", "application/json"), { bodyless: true }))).status).toBe(415);
  });

  it("answers 400 to a form that does not parse or is too large", async () => {
    const broken = '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test';
    expect(await refusal(readForm(post(broken, "multipart/form-data; boundary=b")))).toEqual({ status: 400, body: { code: "bad_form" } });
    expect((await refusal(readForm(post("a=1", "multipart/form-data")))).status).toBe(400);
    expect((await refusal(readForm(post(`a=${"x".repeat(FORM_BODY_MAX_BYTES)}`, "application/x-www-form-urlencoded")))).status).toBe(400);
    // Streamed without a Content-Length: stopped once past the limit.
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = post(stream, "application/x-www-form-urlencoded", { duplex: "half" } as RequestInit);
    expect((await refusal(readForm(streamed))).status).toBe(400);
  });
});

describe("answersJson: a fetcher's post gets JSON, a document post goes back to its page", () => {
  const post = (headers: Record<string, string>) => new Request("http://alpha.localhost/action/favorites", { method: "POST", headers });
  const marked = () => {
    const form = new FormData();
    form.set(FETCH_MARKER.name, FETCH_MARKER.value);
    return form;
  };
  it("a script's request, even in the first frames after hydration, before the marker has rendered", () => {
    expect(answersJson(new FormData(), post({ "sec-fetch-dest": "empty", "sec-fetch-mode": "same-origin" }))).toBe(true);
  });
  it("a browser without Sec-Fetch headers: by the marker", () => {
    expect(answersJson(marked(), post({}))).toBe(true);
    expect(answersJson(new FormData(), post({}))).toBe(false);
  });
  it("a document post (no JavaScript, or before hydration)", () => {
    expect(answersJson(new FormData(), post({ "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" }))).toBe(false);
    expect(answersJson(null, post({ "sec-fetch-dest": "document" }))).toBe(false);
  });
});
