// POST /api/dev/events/{id}/schedule (issue 5, never in production): moves a channel's event to start a little
// after the API's clock, so the countdown → live switch can be tested. Real local D1/R2, an injected clock.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@api/db/client";
import { events } from "@api/db/schema";
import { client, clockedApi, env, type Client } from "./auth-helpers";
import { seedChannels, testContext, type Fixtures } from "./fixtures";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const ASSET = "scheddemo";
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
let fx: Fixtures;
let alpha: Client;
const ids = { alpha: 0, beta: 0 };

beforeAll(async () => {
  fx = await seedChannels();
  for (const [file, base64] of Object.entries(inject("demoMedia"))) {
    await env.MEDIA.put(`media/${ASSET}/${file}`, Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
  }
  const ev = (channelId: number, key: string) => ({
    channelId,
    key,
    name: { en: key },
    accessType: "free" as const,
    eventUtcTs: T0 + 48 * H,
    endUtcTs: T0 + 50 * H,
    timeZone: "UTC",
    mediaKey: ASSET,
  });
  const rows = await db
    .insert(events)
    .values([ev(fx.alpha.id, "later"), ev(fx.beta.id, "beta-later")])
    .returning({ id: events.id });
  [ids.alpha, ids.beta] = rows.map((r) => r.id);
  alpha = await client(app, "alpha");
});

const schedule = (id: number, body: Record<string, unknown>) => alpha.post(`/api/dev/events/${id}/schedule`, body);
const playback = (id: number) => alpha.post(`/api/events/${id}/playback`);

describe("dev schedule", () => {
  it("moves the event to start after the clock: playback waits for it, then plays", async () => {
    clock.now = T0;
    expect((await playback(ids.alpha)).status).toBe(409);
    const res = await schedule(ids.alpha, { starts_in_s: 90, duration_s: 600 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { id: ids.alpha, starts_at: new Date(T0 + 90_000).toISOString(), ends_at: new Date(T0 + 690_000).toISOString() },
    });
    const row = (await db.select().from(events).where(eq(events.id, ids.alpha)).get())!;
    expect([row.eventUtcTs, row.endUtcTs]).toEqual([T0 + 90_000, T0 + 690_000]);

    clock.now = T0 + 89_000;
    expect((await playback(ids.alpha)).status).toBe(409);
    clock.now = T0 + 91_000;
    expect((await playback(ids.alpha)).status).toBe(200);
    const listed = await alpha.get(`/api/events/${ids.alpha}`);
    expect(((await listed.json()) as { data: { stream_status: string } }).data.stream_status).toBe("live");
    clock.now = T0 + 691_000;
    expect(((await (await alpha.get(`/api/events/${ids.alpha}`)).json()) as { data: { stream_status: string } }).data.stream_status).toBe("finished");
  });

  it("validates the body", async () => {
    for (const body of [{}, { starts_in_s: 0, duration_s: 600 }, { starts_in_s: 3601, duration_s: 600 }, { starts_in_s: 10, duration_s: 59 }, { starts_in_s: 1.5, duration_s: 600 }]) {
      const res = await schedule(ids.alpha, body);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });

  it("answers 404 for another channel's event and leaves it alone", async () => {
    expect((await schedule(ids.beta, { starts_in_s: 60, duration_s: 600 })).status).toBe(404);
    expect((await db.select().from(events).where(eq(events.id, ids.beta)).get())!.eventUtcTs).toBe(T0 + 48 * H);
  });

  it("does not exist in production", async () => {
    const res = await app.fetch(
      new Request(`http://alpha.localhost/api/dev/events/${ids.alpha}/schedule`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: alpha.key, starts_in_s: 60, duration_s: 600 }),
      }),
      { ...env, APP_ENV: "production", AUTH_SECRET: "prod-secret" } as Env,
      testContext().ctx,
    );
    expect(res.status).toBe(404);
  });
});
