import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "@api/index";

describe("api", () => {
  it("answers an unknown host with a JSON 404", async () => {
    const res = await api.fetch(new Request("http://nosuch.localhost/api/settings"), env, { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Channel not found" });
  });
});
