// An encoder-fed event follows its broadcast in the channel's stored definition (issue 16): the start, the recorded
// length and the recording are written through the definition, so a later console edit of the events keeps them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { SectionState } from "@api/contract/console";
import type { LiveInput } from "@api/contract/video";
import { call } from "./fixtures";
import { consoleCall, data, seedConsoleChannel, type ConsoleChannel } from "./console-fixtures";

const SECRET = "dev-only-ingest-secret-do-not-use-in-production";
let ch: ConsoleChannel;

const report = (uid: string, body: unknown) =>
  call("127.0.0.1:8787", `/api/dev/ingest/inputs/${uid}/progress`, {
    method: "POST",
    headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const events = async () => data<SectionState>(await consoleCall(ch, "GET", "/api/console/sections/events", ch.ownerToken));

beforeAll(async () => {
  ch = await seedConsoleChannel("con-video");
});

describe("a broadcast in the stored definition", () => {
  it("moves the event to the broadcast, ends it at the recording's length, and a later edit keeps that", async () => {
    const row = await env.DB.prepare("SELECT id FROM events WHERE key = 'opener' AND channel_id = (SELECT id FROM channels WHERE alias = 'con-video')").first<{ id: number }>();
    const created = await data<LiveInput>(await consoleCall(ch, "POST", `/api/console/events/${row!.id}/live-input`, ch.ownerToken));
    const input = (await env.DB.prepare("SELECT uid, media_key FROM live_inputs WHERE id = ?").bind(created.id).first<{ uid: string; media_key: string }>())!;
    const connected = await report(input.uid, { segment_count: 2, status: "connected" });
    expect(connected.status, await connected.clone().text()).toBe(200);
    expect((await report(input.uid, { segment_count: 10, status: "ended" })).status).toBe(200);

    const opener = ((await events()).value as { key: string; start: { utc: string }; duration: number; media_key: string }[]).find((e) => e.key === "opener")!;
    expect(opener.media_key).toBe(input.media_key);
    expect(Math.round(opener.duration * 60)).toBe(20); // 10 segments of 2 s
    const stored = await env.DB.prepare("SELECT event_utc_ts, end_utc_ts, media_key FROM events WHERE id = ?").bind(row!.id).first<{ event_utc_ts: number; end_utc_ts: number; media_key: string }>();
    expect(stored).toEqual({ event_utc_ts: Date.parse(opener.start.utc), end_utc_ts: Date.parse(opener.start.utc) + 20_000, media_key: input.media_key });

    // The owner edits the events afterwards: the broadcast's times and recording stay.
    const { version } = await events();
    const added = { key: "rematch", access_type: "free", start: { utc: "2031-01-01T00:00:00Z" }, duration: 60, sport: "hockey", home: "south-hockey", away: "north-hockey" };
    expect((await consoleCall(ch, "PUT", "/api/console/sections/events/items/rematch", ch.ownerToken, { version, value: added })).status).toBe(200);
    const after = await env.DB.prepare("SELECT event_utc_ts, end_utc_ts, media_key FROM events WHERE id = ?").bind(row!.id).first();
    expect(after).toEqual(stored);
  });
});
