// The page's side of the live-state channel (app/features/events/live-channel.ts): where it connects and what each
// message asks of the page.
import { describe, expect, it } from "vitest";
import { liveChannelUrl, liveStreamUrl, readLiveMessage } from "~/features/events/live-channel";

describe("the live-state channel, as a page reads it", () => {
  it("connects to the event's channel on the page's own host, wss under https", () => {
    expect(liveChannelUrl(12, { protocol: "https:", host: "alpha.example.com" })).toBe("wss://alpha.example.com/api/events/12/live");
    expect(liveChannelUrl(3, { protocol: "http:", host: "alpha.localhost:8787" })).toBe("ws://alpha.localhost:8787/api/events/3/live");
    // A card says so, and is not counted among the viewers; the event stream is the same address on the page's origin.
    expect(liveChannelUrl(3, { protocol: "http:", host: "alpha.localhost:8787" }, "card")).toBe("ws://alpha.localhost:8787/api/events/3/live?role=card");
    expect(liveStreamUrl(3, "card")).toBe("/api/events/3/live?role=card");
    expect(liveStreamUrl(3)).toBe("/api/events/3/live");
  });

  it("reloads on a change, and on a greeting after a change it missed, never on the first greeting", () => {
    expect(readLiveMessage(JSON.stringify({ type: "hello", version: 4, viewers: 2, interrupted: false }), null)).toEqual({ reload: false, version: 4, viewers: 2, interrupted: false, board: null });
    expect(readLiveMessage(JSON.stringify({ type: "hello", version: 4, viewers: 1, interrupted: true }), 4)).toEqual({ reload: false, version: 4, viewers: 1, interrupted: true, board: null });
    expect(readLiveMessage(JSON.stringify({ type: "hello", version: 5, viewers: 1, interrupted: false }), 4)).toEqual({ reload: true, version: 5, viewers: 1, interrupted: false, board: null });
    expect(readLiveMessage(JSON.stringify({ type: "changed", reason: "interrupted", version: 5, interrupted: true }), 4)).toEqual({ reload: true, version: 5, viewers: null, interrupted: true, board: null });
    expect(readLiveMessage(JSON.stringify({ type: "viewers", viewers: 7 }), 4)).toEqual({ reload: false, version: null, viewers: 7, interrupted: null, board: null });
    // An older object's messages, without the field: nothing told of an interruption.
    expect(readLiveMessage(JSON.stringify({ type: "changed", reason: "live", version: 6 }), 5)).toEqual({ reload: true, version: 6, viewers: null, interrupted: null, board: null });
  });

  it("tells the game's board a scorekeeper's tap sent, and asks for no reload", () => {
    const board = { state: { sport: "hockey", home: 2, away: 1, period: 2, sets: null, clock: null, final: false }, plays: [] };
    expect(readLiveMessage(JSON.stringify({ type: "score", board }), 4)).toEqual({ reload: false, version: null, viewers: null, interrupted: null, board });
  });

  it("ignores what it cannot read", () => {
    for (const raw of ["pong", "{", JSON.stringify({ type: "other" }), JSON.stringify({ type: "score" }), JSON.stringify(null), new ArrayBuffer(2)]) expect(readLiveMessage(raw, 1)).toBeNull();
  });
});
