// Clips of Stream-held media (ADR 022): the source's timeline (the event's, or the library video's 0…duration),
// whether it is a live input's stream (not cut), and the cut on whole seconds that Stream's clip API is asked for.
import { describe, expect, it } from "vitest";
import type { EventRow } from "../../api/db/repos/catalogue-events";
import type { VodItemRow } from "../../api/db/repos/catalogue-vod";
import { HOSTED_CLIP_STEP_S, hostedEventSource, hostedVodSource } from "../../api/services/clips/sources";
import { snapCut } from "../../api/services/clips/rules";
import type { Viewer } from "../../api/services/event-access";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
const viewer = (now = T0): Viewer => ({ user: null, session: null, orders: [], categoryParents: new Map(), geoBlocked: false, now });
const event = (start: number, end: number) => ({ id: 7, name: { en: "Final" }, eventUtcTs: start, endUtcTs: end, accessType: "free", type: "free", eventCategoryId: null, homeTeamId: null, awayTeamId: null }) as unknown as EventRow;

describe("a Stream-held clip source", () => {
  it("is a finished recording for the event's whole length, a live one up to now, nothing before the start", () => {
    expect(hostedEventSource(event(T0 - 3 * H, T0 - H), { uid: "rec", live: false }, viewer())).toMatchObject({ kind: "event", eventId: 7, videoUid: "rec", live: false, status: "finished", availableS: 7200 });
    expect(hostedEventSource(event(T0 - 600_000, T0 + H), { uid: "in", live: true }, viewer())).toMatchObject({ status: "live", availableS: 600, live: true });
    expect(hostedEventSource(event(T0 + H, T0 + 2 * H), { uid: "in", live: true }, viewer())).toMatchObject({ status: "upcoming", availableS: 0 });
  });

  it("is a library video from 0 to its duration (none known: nothing to cut)", () => {
    const item = (durationS: number | null) => ({ id: 3, eventId: null, title: { en: "Highlights" }, durationS, requiresVodMedia: false }) as unknown as VodItemRow;
    expect(hostedVodSource(item(61.5), { uid: "vid" }, viewer())).toMatchObject({ kind: "vod", vodItemId: 3, videoUid: "vid", live: false, status: "finished", availableS: 61.5 });
    expect(hostedVodSource(item(null), { uid: "vid" }, viewer()).availableS).toBe(0);
  });

  it("is cut on whole seconds: Stream is asked for [start, start + duration) of the snapped cut", () => {
    expect(HOSTED_CLIP_STEP_S).toBe(1);
    expect(snapCut({ startS: 12.4, durationS: 20 }, HOSTED_CLIP_STEP_S, 7200)).toEqual({ ok: true, cut: { first: 13, last: 32, startMs: 12_000, durationMs: 20_000 } });
    expect(snapCut({ startS: 7195.6, durationS: 10 }, HOSTED_CLIP_STEP_S, 7200)).toEqual({ ok: false, field: "duration", message: "longerThanEnd" });
    expect(snapCut({ startS: 0, durationS: 301 }, HOSTED_CLIP_STEP_S, 7200)).toEqual({ ok: false, field: "duration", message: "maxDuration" });
  });
});
