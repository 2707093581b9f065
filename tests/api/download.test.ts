// GET /api/download-event/{id}: a finished event as one MP4 built from the REAL demo segments in local R2, with
// the download capability, event access and the pass's download allowance checked against real D1. Also the
// ticket (POST download-event/{id} → a signed /api/media/download URL) and the playback grant's `download`.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@api/db/client";
import type { DownloadTicket, Playback } from "@api/contract/media";
import { eventDownloads, events, orders, users } from "@api/db/schema";
import { client, clockedApi, env, freshEmail, registerUser, type Client } from "./auth-helpers";
import { call, HOSTS, seedChannels, type Fixtures } from "./fixtures";
import { fragments, moovTracks, walk } from "../fixtures/mp4-walk";

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const START = T0 - 3_600_000;
const ASSET = "dldemo";
const { app, clock } = clockedApi(T0);
const db = getDb(env.DB);
let fx: Fixtures;
let alpha: Client;
const ids = { finished: 0, live: 0, paid: 0, beta: 0, long: 0 };

beforeAll(async () => {
  fx = await seedChannels();
  for (const [file, base64] of Object.entries(inject("demoMedia"))) {
    await env.MEDIA.put(`media/${ASSET}/${file}`, Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
  }
  const ev = (channelId: number, key: string, accessType: "free" | "paid", end: number) => ({
    channelId,
    key,
    name: { en: key },
    accessType,
    type: accessType,
    eventUtcTs: START,
    endUtcTs: end,
    timeZone: "UTC",
    mediaKey: ASSET,
  });
  const rows = await db
    .insert(events)
    .values([
      ev(fx.alpha.id, "Cup Final 2026", "free", START + 10_000),
      ev(fx.alpha.id, "still-live", "free", T0 + 3_600_000),
      ev(fx.alpha.id, "paid-final", "paid", START + 10_000),
      ev(fx.beta.id, "beta-final", "free", START + 10_000),
      // Four hours, over by T0: longer than one file holds.
      { ...ev(fx.alpha.id, "marathon", "free", T0 - 60_000), eventUtcTs: T0 - 60_000 - 4 * 3_600_000 },
    ])
    .returning({ id: events.id });
  [ids.finished, ids.live, ids.paid, ids.beta, ids.long] = rows.map((r) => r.id);
  alpha = await client(app, "alpha");
});

/** A signed-in user of alpha holding one subscription order with these capabilities and limits. */
async function viewer(capabilities: string[], limits: { downloads?: number }) {
  const email = freshEmail("dl");
  const session = await registerUser(alpha, email);
  const user = (await db.select().from(users).where(and(eq(users.channelId, fx.alpha.id), eq(users.email, email))).get())!;
  const orderId = await addPass(user.id, capabilities, limits);
  return { token: session.token, userId: user.id, orderId };
}

/** One more active pass of this user (an order), ending at `endsAt`. */
async function addPass(userId: number, capabilities: string[], limits: { downloads?: number }, endsAt = T0 + 86_400_000) {
  const [row] = await db.insert(orders).values({
    channelId: fx.alpha.id,
    userId,
    type: "subscription",
    status: "paid",
    activityStatus: "active",
    capabilities,
    limits,
    startsAt: T0 - 86_400_000,
    endsAt,
    createdAt: T0,
    updatedAt: T0,
  }).returning({ id: orders.id });
  return row.id;
}

const download = (id: number, token?: string) => alpha.get(`/api/download-event/${id}`, token);
const downloadCount = async (userId: number) => (await db.select().from(users).where(eq(users.id, userId)).get())!.downloadCount;

describe("download-event", () => {
  it("streams one MP4 with both tracks from 0, about the event's length, and counts the download", async () => {
    const v = await viewer(["watch", "download"], { downloads: 1 });
    const res = await download(ids.finished, v.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="cup-final-2026.mp4"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);

    const top = walk(bytes);
    expect(top.slice(0, 2).map((b) => b.type)).toEqual(["ftyp", "moov"]);
    expect(moovTracks(bytes)).toEqual([
      { id: 1, handler: "vide" },
      { id: 2, handler: "soun" },
    ]);
    const frags = fragments(bytes);
    expect(frags.map((f) => f.sequence)).toEqual(frags.map((_, i) => i + 1));
    const times = (trackId: number) => frags.flatMap((f) => f.trafs).filter((t) => t.trackId === trackId).map((t) => Number(t.time));
    // 10 s = 5 segments per track of 4 CMAF chunks each; video at 12800 Hz, audio at 48 kHz.
    expect(times(1)).toHaveLength(20);
    expect(times(2)).toHaveLength(20);
    expect(times(1)[0]).toBe(0);
    expect(times(2)[0]).toBe(0);
    // Every fragment after the one before it: the last starts in the last half second or so.
    expect(times(1)).toEqual([...times(1)].sort((a, b) => a - b));
    const lastVideoStart = times(1).at(-1)! / 12800;
    expect(Math.abs(lastVideoStart + 0.5 - 10)).toBeLessThanOrEqual(0.5);
    expect(await downloadCount(v.userId)).toBe(1);

    const again = await download(ids.finished, v.token);
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ message: "Download limit reached" });
    expect(await downloadCount(v.userId)).toBe(1);
  });

  it("refuses without the download capability, without an allowance, and anonymously", async () => {
    const watcher = await viewer(["watch"], { downloads: 5 });
    const noCap = await download(ids.finished, watcher.token);
    expect(noCap.status).toBe(403);
    expect(await noCap.json()).toEqual({ message: expect.any(String) });

    const noLimit = await viewer(["watch", "download"], {});
    const refused = await download(ids.finished, noLimit.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Download limit reached" });
    expect(await downloadCount(noLimit.userId)).toBe(0);

    expect((await download(ids.finished)).status).toBe(401);
  });

  it("needs access to a paid event, a finished event, and one of this channel", async () => {
    const v = await viewer(["watch", "download"], { downloads: 5 });
    expect((await download(ids.live, v.token)).status).toBe(409);
    expect((await download(ids.beta, v.token)).status).toBe(404);
    expect(await downloadCount(v.userId)).toBe(0);
    // The subscription covers the paid event; a user whose order is only for another event does not.
    expect((await download(ids.paid, v.token)).status).toBe(200);
    const other = await registerUser(alpha, freshEmail("dl"));
    const row = (await db.select().from(users).where(eq(users.id, other.user.id)).get())!;
    await db.update(users).set({ capabilities: ["download"] }).where(eq(users.id, row.id));
    const denied = await download(ids.paid, other.token);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ message: expect.any(String) });
  });
});

describe("download ticket", () => {
  const ticket = (id: number, token?: string) => alpha.post(`/api/download-event/${id}`, {}, token);
  const pathOf = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  /** The ticket URL as a browser follows it: no api key, no Bearer. */
  const follow = (path: string) => call(HOSTS.alpha, path, {}, app);
  const grant = async (id: number, token: string) => {
    const res = await alpha.post(`/api/events/${id}/playback`, {}, token);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Playback }).data.download;
  };

  it("counts one download on POST; the ticket streams the MP4 without counting again", async () => {
    const v = await viewer(["watch", "download"], { downloads: 3 });
    expect(await grant(ids.finished, v.token)).toMatchObject({ remaining: 3 });

    const res = await ticket(ids.finished, v.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { data } = (await res.json()) as { data: DownloadTicket };
    expect(data.remaining).toBe(2);
    expect(data.expires_at).toBe(new Date(T0 + 10 * 60_000).toISOString());
    expect(data.url).toMatch(new RegExp(`^http://alpha\\.localhost/api/media/download/${ids.finished}\\?token=`));
    expect(await downloadCount(v.userId)).toBe(1);
    expect(await grant(ids.finished, v.token)).toMatchObject({ remaining: 2 });

    for (let i = 0; i < 2; i++) {
      const file = await follow(pathOf(data.url));
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("video/mp4");
      expect(file.headers.get("content-disposition")).toBe('attachment; filename="cup-final-2026.mp4"');
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(Number(file.headers.get("content-length"))).toBe(bytes.byteLength);
      expect(walk(bytes).slice(0, 2).map((b) => b.type)).toEqual(["ftyp", "moov"]);
    }
    expect(await downloadCount(v.userId)).toBe(1);
  });

  it("refuses a tampered, expired or other event's ticket", async () => {
    const v = await viewer(["watch", "download"], { downloads: 5 });
    const { data } = (await (await ticket(ids.finished, v.token)).json()) as { data: DownloadTicket };
    const url = new URL(data.url);
    const token = url.searchParams.get("token")!;
    const [body, sig] = token.split(".");
    const flip = (x: string) => (x[0] === "A" ? "B" : "A") + x.slice(1);
    const at = (id: number, t: string) => follow(`/api/media/download/${id}?token=${encodeURIComponent(t)}`);

    const tampered = await at(ids.finished, `${body}.${flip(sig)}`);
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toEqual({ message: expect.any(String) });
    expect((await at(ids.finished, `${flip(body)}.${sig}`)).status).toBe(403);
    expect((await follow(`/api/media/download/${ids.finished}`)).status).toBe(403);
    // A ticket names its event: it opens no other, even one the user may download.
    expect((await at(ids.paid, token)).status).toBe(403);
    // Another channel's host refuses it too.
    expect((await call(HOSTS.beta, `/api/media/download/${ids.finished}?token=${encodeURIComponent(token)}`, {}, app)).status).toBe(403);
    clock.now = T0 + 10 * 60_000 + 1;
    try {
      expect((await at(ids.finished, token)).status).toBe(403);
    } finally {
      clock.now = T0;
    }
    expect((await at(ids.finished, token)).status).toBe(200);
    expect(await downloadCount(v.userId)).toBe(1);
  });

  it("refuses once the limit is reached, runs the GET's checks, and needs a signed-in user", async () => {
    const v = await viewer(["watch", "download"], { downloads: 1 });
    expect((await ticket(ids.finished, v.token)).status).toBe(200);
    expect(await grant(ids.finished, v.token)).toMatchObject({ remaining: 0 });
    const full = await ticket(ids.finished, v.token);
    expect(full.status).toBe(403);
    expect(await full.json()).toEqual({ message: "Download limit reached" });
    expect(await downloadCount(v.userId)).toBe(1);

    const watcher = await viewer(["watch"], { downloads: 5 });
    expect((await ticket(ids.finished, watcher.token)).status).toBe(403);
    expect(await grant(ids.finished, watcher.token)).toBeNull();
    expect((await ticket(ids.live, v.token)).status).toBe(409);
    expect((await ticket(ids.beta, v.token)).status).toBe(404);
    expect((await ticket(ids.finished)).status).toBe(401);
    expect(await downloadCount(v.userId)).toBe(1);
  });

  it("offers no download in the grant of a live event", async () => {
    const v = await viewer(["watch", "download"], { downloads: 5 });
    expect(await grant(ids.live, v.token)).toBeNull();
  });

  it("counts downloads per pass: a new pass brings its own, charged to the pass that ends first", async () => {
    const v = await viewer(["watch", "download"], { downloads: 1 });
    expect((await ticket(ids.finished, v.token)).status).toBe(200);
    expect(await grant(ids.finished, v.token)).toMatchObject({ remaining: 0 });
    // Issue 15: a lifetime count made a new pass show "0 downloads left".
    const later = await addPass(v.userId, ["watch", "download"], { downloads: 2 }, T0 + 30 * 86_400_000);
    const sooner = await addPass(v.userId, ["watch"], { downloads: 1 }, T0 + 2 * 86_400_000);
    expect(await grant(ids.finished, v.token)).toMatchObject({ remaining: 3 });
    expect((await ticket(ids.finished, v.token)).status).toBe(200);
    expect((await ticket(ids.finished, v.token)).status).toBe(200);
    expect((await ticket(ids.finished, v.token)).status).toBe(200);
    expect((await ticket(ids.finished, v.token)).status).toBe(403);
    const charged = await db.select().from(eventDownloads).where(eq(eventDownloads.userId, v.userId)).orderBy(eventDownloads.id).all();
    expect(charged.map((d) => d.orderId)).toEqual([v.orderId, sooner, later, later]);
    expect(charged.every((d) => d.eventId === ids.finished && d.channelId === fx.alpha.id)).toBe(true);
    expect(await downloadCount(v.userId)).toBe(4);
  });

  it("two downloads at once cannot both take a pass's last one", async () => {
    const v = await viewer(["watch", "download"], { downloads: 1 });
    const answers = await Promise.all([ticket(ids.finished, v.token), ticket(ids.finished, v.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await downloadCount(v.userId)).toBe(1);
  });

  it("says how much of an event longer than one file the download holds", async () => {
    const v = await viewer(["watch", "download"], { downloads: 1 });
    expect(await grant(ids.long, v.token)).toEqual({ remaining: 1, covers_s: 3 * 3600, duration_s: 4 * 3600 });
    expect(await grant(ids.finished, v.token)).toEqual({ remaining: 1, covers_s: 10, duration_s: 10 });
  });
});
