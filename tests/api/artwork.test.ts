// Generated artwork (issue 28, ADR 037): the event wire points at the matchup graphic unless the owner set a poster,
// the graphic and the share PNGs are served on the channel's own host only, under versions that follow edits, and a
// share image is a 1200×630 PNG rendered once (then read back from R2).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { BootstrapData } from "@api/contract/channel";
import type { Event } from "@api/contract/catalogue";
import type { SharedClip } from "@api/contract/clips";
import { getDb } from "@api/db/client";
import { clips, events, participants, users } from "@api/db/schema";
import { createApi } from "@api/index";
import { clearChannelCache } from "@api/middleware/tenant";
import { type CatalogueFixtures, FIXED, seedCatalogue } from "./catalogue-fixtures";
import { CHANNEL_KEYS, type Fixtures, HOSTS, call, mintKey, seedChannels } from "./fixtures";

const app = createApi({ now: () => FIXED });
/** A first render compiles resvg's WebAssembly in this isolate: seconds on a shared 2-core machine. */
const RENDERS = { timeout: 60_000 };
let fx: Fixtures;
let cat: CatalogueFixtures;
let alphaKey: string;
const db = () => getDb(env.DB);
const CREST = (letters: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M32 3 58 11v20c0 15-11 25-26 30C17 56 6 46 6 31V11Z" fill="#123456"/><text x="32" y="40" text-anchor="middle" font-size="20" fill="#fff">${letters}</text></svg>`;

beforeAll(async () => {
  fx = await seedChannels();
  cat = await seedCatalogue(fx);
  alphaKey = await mintKey(HOSTS.alpha, CHANNEL_KEYS.alpha, app);
  // The fixture teams' crests (/api/assets/<alias>.svg) and the channel's logo, in R2 as the loader puts them.
  for (const alias of ["north-hockey-m", "south-hockey-m"]) {
    await env.MEDIA.put(`channels/alpha/${alias}.svg`, CREST(alias.slice(0, 2).toUpperCase()), { httpMetadata: { contentType: "image/svg+xml" } });
  }
});

const get = (path: string, host: string = HOSTS.alpha, init?: RequestInit) => call(host, path, init, app);
async function event(id: number, lang = "en"): Promise<Event> {
  const res = await get(`/api/events/${id}?lang=${lang}&api_key=${encodeURIComponent(alphaKey)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Event }).data;
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("an event's artwork", () => {
  it("is its matchup graphic when it has no poster of its own, served as a cacheable SVG with both teams", async () => {
    const e = await event(cat.alpha.events.live);
    expect(e.poster_kind).toBe("matchup");
    expect(e.poster).toMatch(new RegExp(`^/api/artwork/events/${e.id}/en/[0-9a-z]{11}\\.svg$`));
    const res = await get(e.poster);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    const svg = await res.text();
    // Away (South) @ home (North), the crests embedded (an <img> SVG may load nothing), the sport and the start.
    expect(svg.indexOf(">SOUTH<")).toBeLessThan(svg.indexOf(">NORTH<"));
    expect(svg.match(/href="data:image\/svg\+xml;base64,/g)).toHaveLength(2);
    expect(svg).toContain("HOCKEY  ·  SAT, NOV 21 · 5:00 AM CST");
    const again = await get(e.poster, HOSTS.alpha, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("is the owner's poster when the event has one: it wins over the matchup graphic, whose old URL then leads to it", async () => {
    const id = cat.alpha.events.upcomingLater;
    const before = await event(id);
    await db().update(events).set({ poster: "/api/assets/posters/final.svg?v=abc12345" }).where(eq(events.id, id));
    const after = await event(id);
    expect(after).toMatchObject({ poster_kind: "poster", poster: "/api/assets/posters/final.svg?v=abc12345" });
    const res = await get(before.poster);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(after.poster);
    await db().update(events).set({ poster: null }).where(eq(events.id, id));
  });

  it("changes version when a team's colour changes, and the old URL is redirected to the new one", async () => {
    const id = cat.alpha.events.finishedOld;
    const before = await event(id);
    await db().update(participants).set({ color: "#b22234" }).where(eq(participants.id, cat.alpha.teams.northHockeyM));
    const after = await event(id);
    expect(after.poster).not.toBe(before.poster);
    expect(after.share_image).not.toBe(before.share_image);
    expect(await (await get(after.poster)).text()).toContain('fill="#b22234"');
    const stale = await get(before.share_image);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(after.share_image);
    expect(stale.headers.get("cache-control")).toBe("public, max-age=60");
    await db().update(participants).set({ color: "#123456" }).where(eq(participants.id, cat.alpha.teams.northHockeyM));
  });

  it("has a 1200×630 PNG share image, rendered once and then read back from R2", RENDERS, async () => {
    const e = await event(cat.alpha.events.live, "fr");
    expect(e.share_image).toMatch(new RegExp(`^/api/artwork/events/${e.id}/fr/[0-9a-z]{11}\\.png$`));
    const res = await get(e.share_image);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const png = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    const kept = await env.MEDIA.get(`artwork/alpha${e.share_image.slice("/api/artwork".length)}`);
    expect(kept).not.toBeNull();
    expect(new Uint8Array(await kept!.arrayBuffer())).toEqual(png);
  });

  it("is not served on another channel's host, and its URL's parts are checked in plain words", async () => {
    const e = await event(cat.alpha.events.live);
    for (const path of [e.poster, e.share_image]) {
      const res = await get(path, HOSTS.beta);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: "This event does not exist on this channel." });
    }
    const cases: [string, number, string][] = [
      [`/api/artwork/events/abc/en/${e.poster.split("/").pop()}`, 422, "The id must be a positive whole number."],
      [`/api/artwork/events/-3/en/abcdefgh.svg`, 422, "The id must be a positive whole number."],
      [`/api/artwork/events/${e.id}/de/abcdefgh.svg`, 422, "The language must be one of: en, fr."],
      [`/api/artwork/events/${e.id}/en/abcdefgh.gif`, 422, "The file must be a version followed by .svg or .png."],
      [`/api/artwork/events/${e.id}/en/..%2F..%2Fsecret.svg`, 422, "The file must be a version followed by .svg or .png."],
      [`/api/artwork/events/999999/en/abcdefgh.svg`, 404, "This event does not exist on this channel."],
    ];
    for (const [path, status, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(((await res.json()) as { message: string }).message, path).toBe(message);
    }
  });

  it("of an event that is not two-sided is its name over the channel's colours", async () => {
    const e = await event(cat.alpha.events.soccerOpen);
    expect(e.participants).toEqual([]);
    const svg = await (await get(e.poster)).text();
    expect(svg).toContain(">soccer open day<");
    // Alpha's primary colour (#0a84ff) is dark enough for white text: the gradient starts with it.
    expect(svg).toContain('stop-color="#0a84ff"');
  });
});

describe("the home page's share image", () => {
  it("is named by the bootstrap and is a 1200×630 PNG of the channel; a new colour is a new URL", RENDERS, async () => {
    const boot = async () => ((await (await get("/api/channel-bootstrap-data")).json()) as { data: BootstrapData }).data;
    const before = await boot();
    expect(before.share_image).toMatch(/^\/api\/artwork\/channel\/[0-9a-z]{11}\.png$/);
    const res = await get(before.share_image);
    expect(res.status).toBe(200);
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect((await get(before.share_image, HOSTS.beta)).status).toBe(302);

    await env.DB.prepare("UPDATE color_settings SET value = '#222222' WHERE channel_id = ? AND key = 'primary' AND client_interface = 'web'").bind(fx.alpha.id).run();
    clearChannelCache();
    const after = await boot();
    expect(after.share_image).not.toBe(before.share_image);
    expect((await get(before.share_image)).headers.get("location")).toBe(after.share_image);
    await env.DB.prepare("UPDATE color_settings SET value = '#0a84ff' WHERE channel_id = ? AND key = 'primary' AND client_interface = 'web'").bind(fx.alpha.id).run();
    clearChannelCache();
  });
});

describe("a shared clip's share image", () => {
  it("composes its poster frame at 1200×630, for whoever holds its link, on its channel only", RENDERS, async () => {
    const frame = Uint8Array.from(atob(inject("demoMedia")["thumbs/thumb-001.jpg"]), (c) => c.charCodeAt(0));
    const [user] = await db().insert(users).values({ channelId: fx.alpha.id, email: "artwork@alpha.test", createdAt: FIXED, updatedAt: FIXED }).returning({ id: users.id });
    const uuid = crypto.randomUUID();
    const [clip] = await db()
      .insert(clips)
      .values({
        channelId: fx.alpha.id,
        userId: user.id,
        uuid,
        eventId: cat.alpha.events.live,
        name: "Buzzer beater <3",
        requestedStartMs: 0,
        requestedDurationMs: 10_000,
        startMs: 0,
        durationMs: 10_000,
        asset: "demo",
        firstSegment: 1,
        lastSegment: 5,
        status: "ready",
        fileKey: `clips/artwork/${uuid}/clip.mp4`,
        posterKey: `clips/artwork/${uuid}/poster.jpg`,
        createdAt: FIXED,
        updatedAt: FIXED,
        readyAt: FIXED,
      })
      .returning({ id: clips.id });
    await env.MEDIA.put(`clips/artwork/${uuid}/poster.jpg`, frame, { httpMetadata: { contentType: "image/jpeg" } });

    const shared = await call(HOSTS.alpha, `/api/shared-clip/${clip.id}?uuid=${uuid}&api_key=${encodeURIComponent(alphaKey)}`, undefined, app);
    const { share_image } = ((await shared.json()) as { data: SharedClip }).data;
    expect(share_image).toMatch(new RegExp(`^/api/artwork/clips/${clip.id}/${uuid}/[0-9a-z]{11}\\.png$`));
    const res = await get(share_image);
    expect(res.status).toBe(200);
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });

    expect((await get(share_image, HOSTS.beta)).status).toBe(404);
    const wrongUuid = await get(share_image.replace(uuid, crypto.randomUUID()));
    expect(wrongUuid.status).toBe(404);
    expect(await wrongUuid.json()).toEqual({ message: "This clip does not exist or is no longer shared." });
    expect((await get(`/api/artwork/clips/${clip.id}/not-a-uuid/abcdefgh.png`)).status).toBe(422);
  });
});
