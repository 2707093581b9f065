// The anonymous viewer id (`vid` cookie, issue 5 preroll suppression) and the client options that carry it; the
// cookie is set only where the id was used, or once the visitor accepted cookies (issue 14).
import { describe, expect, it } from "vitest";
import { asViewer, createApiClient, type Transport } from "~/server/api/client.server";
import { anonymousViewerId, applyViewerCookie, loadViewerId, type ViewerId } from "~/server/session.server";

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });

describe("loadViewerId", () => {
  it("keeps a well-formed id from the cookie", () => {
    const id = "abcdefghijklmnopqrstuv_-12";
    const viewer = loadViewerId(request("http://alpha.localhost/", `sid=x; vid=${id}`));
    expect([viewer.id, viewer.fresh]).toEqual([id, false]);
  });

  it("makes a new random base64url id when the cookie is missing or not ours", () => {
    for (const cookie of [undefined, "vid=short", "vid=has%20space%20aaaaaaaaaaaaaaaaaaaa"]) {
      const viewer = loadViewerId(request("http://alpha.localhost/", cookie));
      expect(viewer.fresh).toBe(true);
      expect(viewer.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(loadViewerId(request("http://alpha.localhost/")).id).not.toBe(loadViewerId(request("http://alpha.localhost/")).id);
  });
});

describe("loadViewerId's use", () => {
  it("is unused until the id is read", () => {
    const viewer = loadViewerId(request("http://alpha.localhost/"));
    expect(viewer.used).toBe(false);
    expect(viewer.fresh).toBe(true);
    void viewer.id;
    expect(viewer.used).toBe(true);
  });

  it("is read for a signed-out visitor's calls only", () => {
    const viewer = loadViewerId(request("http://alpha.localhost/"));
    const user = { id: 1 } as NonNullable<Parameters<typeof anonymousViewerId>[0]["user"]>;
    expect(anonymousViewerId({ user, expired: false }, viewer)).toBeNull();
    expect(viewer.used).toBe(false);
    expect(anonymousViewerId({ user: null, expired: false }, viewer)).toBe(viewer.id);
    expect(viewer.used).toBe(true);
  });
});

describe("applyViewerCookie", () => {
  const used = (id: string, fresh: boolean): ViewerId => ({ id, fresh, used: true });

  it("sets a fresh, used id for a year, httpOnly and SameSite=Lax, Secure except on http://*.localhost", () => {
    const local = new Headers();
    applyViewerCookie(local, request("http://alpha.localhost/"), used("a".repeat(22), true));
    expect(local.get("set-cookie")).toBe(`vid=${"a".repeat(22)}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    const remote = new Headers();
    applyViewerCookie(remote, request("https://alpha.example/"), used("a".repeat(22), true));
    expect(remote.get("set-cookie")).toMatch(/; Secure$/);
  });

  it("leaves a known id alone", () => {
    const headers = new Headers();
    applyViewerCookie(headers, request("http://alpha.localhost/"), used("a".repeat(22), false));
    expect(headers.get("set-cookie")).toBeNull();
  });

  it("sets no cookie for an id nobody read, unless the visitor accepted cookies", () => {
    for (const [cookie, sets] of [
      [undefined, false],
      ["cookie_consent=declined", false],
      ["cookie_consent=accepted", true],
      ["cookie_consent=1", true],
    ] as const) {
      const req = request("http://alpha.localhost/", cookie);
      const headers = new Headers();
      applyViewerCookie(headers, req, loadViewerId(req));
      expect(headers.get("set-cookie")?.startsWith("vid=") ?? false, String(cookie)).toBe(sets);
    }
  });
});

describe("client options", () => {
  function capture(status: number) {
    const requests: Request[] = [];
    const transport: Transport = async (r) => {
      requests.push(r);
      return new Response(status === 204 ? null : JSON.stringify({ message: "No" }), { status });
    };
    return { transport, requests };
  }

  it("asViewer adds X-Viewer-Id, and nothing without an id", async () => {
    const { transport, requests } = capture(204);
    const options = { transport, origin: "http://alpha.localhost", keys: { get: async () => "key", clear: () => undefined } };
    await createApiClient(asViewer(options, "v".repeat(22))).post("prerolls/1/played", { noContent: true });
    await createApiClient(asViewer(options, null)).post("prerolls/1/played", { noContent: true });
    expect(requests.map((r) => r.headers.get("x-viewer-id"))).toEqual(["v".repeat(22), null]);
  });

  it("a 204 succeeds only on calls that expect no content", async () => {
    const { transport } = capture(204);
    const client = createApiClient({ transport, origin: "http://alpha.localhost", keys: { get: async () => "key", clear: () => undefined } });
    await expect(client.post("prerolls/1/played", { noContent: true })).resolves.toBeUndefined();
    await expect(client.post("prerolls/1/played")).rejects.toMatchObject({ kind: "http", status: 204 });
  });
});
