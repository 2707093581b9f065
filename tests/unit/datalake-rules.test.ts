// Ingestion's pure rules (issue 14): record → store row, the Analytics Engine data point, the request-error log's
// choice and redaction, and the dashboard's day ranges.
import { describe, expect, it } from "vitest";
import { batchOf, DASHBOARD_MAX_DAYS, pageEventRecordSchema, videoEventRecordSchema, viewingRecordSchema } from "../../api/contract/datalake";
import { isLogged, redactFields } from "../../api/middleware/request-errors";
import { dayRange, daysOf } from "../../api/services/analytics/dashboard";
import { checkProfile, toRow } from "../../api/services/analytics/ingest";
import { toDataPoint } from "../../api/services/analytics/store";

const NOW = Date.UTC(2026, 10, 25, 12);
const scope = { channelId: 3, profile: "ya_x", now: NOW, userId: null };
const session = "0f8fad5b-d9cb-469f-a165-70867728950e";
const view = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

describe("records to rows", () => {
  it("a page event keeps its fields, drops the email, and is dated by its age", () => {
    const record = pageEventRecordSchema.parse({ profile: "ya_x", session_uuid: session, user_id: 9, user_email: "a@b.test", event: "visit_page", origin: "https://x.test/", extra: { title: "Home" }, age_ms: 2500, trk: "promo" });
    const row = toRow("event", record, { ...scope, userId: 12 });
    expect(row).toEqual({ channelId: 3, at: NOW - 2500, trk: "promo", kind: "event", name: "visit_page", sessionUuid: session, userId: 12, value: null, data: { origin: "https://x.test/", title: "Home" } });
    expect(JSON.stringify(row)).not.toContain("a@b.test");
  });

  it("the viewer is the request's session's, never the user_id a record names (issue 25)", () => {
    const record = pageEventRecordSchema.parse({ profile: "ya_x", session_uuid: session, user_id: 9, event: "visit_page", origin: "https://x.test/" });
    expect(toRow("event", record, scope).userId).toBeNull();
    const watched = viewingRecordSchema.parse({ profile: "ya_x", session_uuid: session, user_id: 9, video_view_uuid: view, stream_id: 4, stream_type: "live", viewing_time: 29 });
    expect(toRow("viewing", watched, scope).userId).toBeNull();
    expect(toRow("viewing", watched, { ...scope, userId: 12 }).userId).toBe(12);
  });

  it("startup time rides on first_frame only; viewing carries watched and rebuffered seconds", () => {
    const ff = videoEventRecordSchema.parse({ profile: "ya_x", session_uuid: session, video_view_uuid: view, stream_id: 4, stream_type: "vod", event: "first_frame", startup_ms: 700 });
    expect(toRow("videoEvent", ff, scope)).toMatchObject({ kind: "video_event", name: "first_frame", value: 700, streamType: "vod", streamId: 4 });
    const play = videoEventRecordSchema.parse({ ...ff, event: "play" });
    expect(toRow("videoEvent", play, scope).value).toBeNull();
    const watched = viewingRecordSchema.parse({ profile: "ya_x", session_uuid: session, video_view_uuid: view, stream_id: 4, stream_type: "live", viewing_time: 29, rebuffer_time: 1, sport: "Hockey" });
    expect(toRow("viewing", watched, scope)).toMatchObject({ kind: "viewing", value: 29, value2: 1, data: { sport: "Hockey", category: null } });
  });

  it("one record or a batch parse to the same shape", () => {
    const one = { profile: "ya_x", session_uuid: session, event: "login", origin: "https://x.test/login" };
    expect(batchOf(pageEventRecordSchema).parse(one).batch).toHaveLength(1);
    expect(batchOf(pageEventRecordSchema).parse({ batch: [one, one] }).batch).toHaveLength(2);
  });

  it("only the channel's own profile passes, and a channel without analytics takes none", () => {
    expect(() => checkProfile(scope, ["ya_x", "ya_x"])).not.toThrow();
    expect(() => checkProfile(scope, ["ya_x", "ya_other"])).toThrow(/Not found/);
    expect(() => checkProfile({ ...scope, profile: null }, ["ya_x"])).toThrow(/Not found/);
  });
});

describe("the Analytics Engine data point", () => {
  it("indexes by channel and keeps the D1 columns' order", () => {
    const point = toDataPoint({ channelId: 3, kind: "viewing", at: NOW, sessionUuid: session, videoViewUuid: view, streamType: "live", streamId: 8, value: 30, value2: 2, userId: 4, data: { sport: "Hockey" } });
    expect(point).toEqual({
      indexes: ["3"],
      blobs: ["viewing", null, session, view, "live", null, '{"sport":"Hockey"}'],
      doubles: [NOW, 4, 8, 30, 2],
    });
  });

  it("drops an oversized JSON part instead of losing the point", () => {
    const point = toDataPoint({ channelId: 3, kind: "event", at: NOW, sessionUuid: session, data: { title: "x".repeat(5000) } });
    expect(point.blobs?.[6]).toBe("{}");
  });
});

describe("the request-error log", () => {
  it("keeps server errors and refused writes, not signed-out 401s, missing reads or the analytics service", () => {
    expect(isLogged("POST", "/api/v2/auth/register", 422)).toBe(true);
    expect(isLogged("GET", "/api/events", 500)).toBe(true);
    expect(isLogged("DELETE", "/api/favorite/3", 404)).toBe(true);
    expect(isLogged("GET", "/api/events/9", 404)).toBe(false);
    expect(isLogged("POST", "/api/profile", 401)).toBe(false);
    expect(isLogged("POST", "/api/datalake/event/", 422)).toBe(false);
    expect(isLogged("POST", "/api/clip", 201)).toBe(false);
  });

  it("keeps values only for the allow-listed fields and ids, and cuts long values", () => {
    const kept = redactFields({
      email: "a@b.test",
      first_name: "Ada",
      event_id: 12,
      participant_ids: [3, 4],
      terms: true,
      password: "hunter22",
      password_confirmation: "hunter22",
      current_password: "old",
      card_number: "4242",
      cvc: "123",
      exp_month: 12,
      confirmation_token: "tok",
      api_key: "k",
      code: "ABCD-EFGH",
      // Issue 25: a deny-list missed these two, and a pending TV's code let its reader take the viewer's session.
      device_code: "dc-secret",
      user_code: "BCDF-GHJK",
      note: "y".repeat(300),
      title: "t".repeat(300),
    });
    expect(kept).toMatchObject({ email: "a@b.test", first_name: "Ada", event_id: 12, participant_ids: "[3,4]", terms: true });
    for (const hidden of ["password", "password_confirmation", "current_password", "card_number", "cvc", "exp_month", "confirmation_token", "api_key", "code", "device_code", "user_code", "note"]) {
      expect(kept[hidden], hidden).toBe("[removed]");
    }
    expect(String(kept.title)).toHaveLength(201);
    expect(JSON.stringify(kept)).not.toMatch(/hunter22|dc-secret|BCDF-GHJK|4242|tok"/);
  });
});

describe("dashboard ranges", () => {
  it("defaults to the last 14 UTC days, today included, and lists every day", () => {
    const range = dayRange({}, NOW);
    expect(range).toMatchObject({ from: "2026-11-12", to: "2026-11-25", start: Date.UTC(2026, 10, 12), end: Date.UTC(2026, 10, 26) });
    expect(daysOf(range)).toHaveLength(14);
    expect(daysOf(dayRange({ from: "2026-02-27", to: "2026-03-01" }, NOW))).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });

  it("refuses reversed, impossible and too long ranges", () => {
    expect(() => dayRange({ from: "2026-11-25", to: "2026-11-24" }, NOW)).toThrow();
    expect(() => dayRange({ from: "2026-02-30", to: "2026-03-01" }, NOW)).toThrow();
    expect(() => dayRange({ from: "2026-13-40" }, NOW)).toThrow();
    const start = Date.UTC(2026, 10, 25) - DASHBOARD_MAX_DAYS * 86_400_000;
    expect(() => dayRange({ from: new Date(start).toISOString().slice(0, 10), to: "2026-11-25" }, NOW)).toThrow();
    expect(() => dayRange({ from: new Date(start + 86_400_000).toISOString().slice(0, 10), to: "2026-11-25" }, NOW)).not.toThrow();
  });
});
