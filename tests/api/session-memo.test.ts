// The session lookup is made once per incoming request (api/middleware/user.ts): the web app's loaders call the API
// in process under the page request's ExecutionContext, several times per page. Within one context a GET reuses the
// lookup; a write drops it; another request (another context) always looks the token up again.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@api/db/client";
import { sessions } from "@api/db/schema";
import { seedChannels, testContext } from "./fixtures";
import { client, clockedApi, registerUser, type Client } from "./auth-helpers";

const { app } = clockedApi();
let alpha: Client;
const db = getDb(env.DB);

beforeAll(async () => {
  await seedChannels();
  alpha = await client(app, "alpha");
});

/** GET or POST on alpha as `token`, under the given ExecutionContext (one "incoming request"). */
function under(ctx: ExecutionContext) {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const url = (path: string) => `http://${alpha.host}${path}${path.includes("?") ? "&" : "?"}api_key=${encodeURIComponent(alpha.key)}`;
  return {
    get: (path: string, token: string) => app.fetch(new Request(url(path), { headers: auth(token) }), env, ctx),
    post: (path: string, token: string, body: Record<string, unknown> = {}) =>
      app.fetch(
        new Request(`http://${alpha.host}${path}`, { method: "POST", headers: { ...auth(token), "content-type": "application/json" }, body: JSON.stringify({ api_key: alpha.key, ...body }) }),
        env,
        ctx,
      ),
  };
}

describe("the session lookup, once per incoming request", () => {
  it("is reused by the GETs of one request, and looked up again by the next request", async () => {
    const { token, user } = await registerUser(alpha);
    const page = under(testContext().ctx);
    expect((await page.get("/api/profile", token)).status).toBe(200);
    // The session ends elsewhere (another device signs out everywhere) while the page is being built.
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    // This page's later calls keep the identity it was built for…
    expect((await page.get("/api/favorites", token)).status).toBe(200);
    // …and the next request does not.
    expect((await under(testContext().ctx).get("/api/profile", token)).status).toBe(401);
  });

  it("is dropped by a write: a sign-out within the request is seen by its later GETs", async () => {
    const { token } = await registerUser(alpha);
    const page = under(testContext().ctx);
    expect((await page.get("/api/profile", token)).status).toBe(200);
    expect((await page.post("/api/auth/logout", token)).status).toBe(200);
    expect((await page.get("/api/profile", token)).status).toBe(401);
  });

  it("keys by token: two users under one context stay apart", async () => {
    const [a, b] = [await registerUser(alpha), await registerUser(alpha)];
    const page = under(testContext().ctx);
    const who = async (token: string) => ((await (await page.get("/api/profile", token)).json()) as { data: { email: string } }).data.email;
    expect(await who(a.token)).toBe(a.user.email);
    expect(await who(b.token)).toBe(b.user.email);
    expect(await who(a.token)).toBe(a.user.email);
  });
});
