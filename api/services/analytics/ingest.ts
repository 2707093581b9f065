// Ingestion of the browser client's records (issue 14, SPEC §7): parsed records become store rows. The channel comes
// from the host; a record's profile must be that channel's analytics key. The time of a record is when it arrived
// less its age (the client's clock only measures the age, so a wrong clock does not move records).
import { z } from "zod";
import {
  apiRequestFieldsSchema,
  DATALAKE_BATCH_SESSIONS_MAX,
  type DatalakeKind,
  type pageEventRecordSchema,
  type sessionRecordSchema,
  type videoEventRecordSchema,
  type viewingRecordSchema,
} from "../../contract/datalake";
import type { NewAnalyticsRecord } from "../../db/analytics-schema";
import { notFound, validationError } from "../../lib/errors";
import type { AnalyticsStore } from "./store";

export interface IngestScope {
  channelId: number;
  /** The channel's analytics key; null: the channel takes no analytics. */
  profile: string | null;
  now: number;
  /** The request's signed-in viewer, who every record of it is for; null: signed out (a record's user_id is not read). */
  userId: number | null;
}

type Parsed = {
  session: z.output<typeof sessionRecordSchema>;
  event: z.output<typeof pageEventRecordSchema>;
  videoEvent: z.output<typeof videoEventRecordSchema>;
  viewing: z.output<typeof viewingRecordSchema>;
};

/** A decoded user agent, cut to what a device breakdown needs. */
function userAgent(encoded: string): string {
  try {
    return decodeURIComponent(encoded).slice(0, 500);
  } catch {
    return encoded.slice(0, 500);
  }
}

/**
 * The store row of one parsed record. The viewer is the request's session's (`s.userId`), not the record's user_id:
 * anyone can post records (issue 25). The email is not kept either.
 */
export function toRow<K extends DatalakeKind>(kind: K, record: Parsed[K], s: IngestScope): NewAnalyticsRecord {
  const common = { channelId: s.channelId, at: s.now - record.age_ms, trk: record.trk ?? null };
  switch (kind) {
    case "session": {
      const r = record as Parsed["session"];
      return { ...common, kind: "session", name: r.device_type, sessionUuid: r.session, data: { user_agent: userAgent(r.user_agent), resolution: r.resolution, platform: r.platform } };
    }
    case "event": {
      const r = record as Parsed["event"];
      const total = r.event === "api_request" && typeof r.extra.total === "number" ? r.extra.total : null;
      return { ...common, kind: "event", name: r.event, sessionUuid: r.session_uuid, userId: s.userId, value: total, data: { origin: r.origin, ...r.extra } };
    }
    case "videoEvent": {
      const r = record as Parsed["videoEvent"];
      return {
        ...common,
        kind: "video_event",
        name: r.event,
        sessionUuid: r.session_uuid,
        userId: s.userId,
        videoViewUuid: r.video_view_uuid,
        streamType: r.stream_type,
        streamId: r.stream_id,
        value: r.event === "first_frame" ? (r.startup_ms ?? null) : null,
        data: { position: r.position ?? null, ...(r.code != null ? { code: r.code } : {}) },
      };
    }
    default: {
      const r = record as Parsed["viewing"];
      return {
        ...common,
        kind: "viewing",
        sessionUuid: r.session_uuid,
        userId: s.userId,
        videoViewUuid: r.video_view_uuid,
        streamType: r.stream_type,
        streamId: r.stream_id,
        value: r.viewing_time,
        value2: r.rebuffer_time,
        data: { category: r.category ?? null, sport: r.sport ?? null, gender: r.gender ?? null, school: r.school ?? null, league: r.league ?? null },
      };
    }
  }
}

/** A profile that is not this channel's (or a channel without analytics) is not found, as another tenant's is. */
export function checkProfile(s: IngestScope, profiles: Iterable<string>): void {
  for (const profile of profiles) if (!s.profile || profile !== s.profile) throw notFound();
}

/** api_request events carry the request's fields (SPEC §7); they are checked like the record itself. */
function checkApiRequests(records: Parsed["event"][]): void {
  const issues: z.core.$ZodIssue[] = [];
  records.forEach((r, i) => {
    if (r.event !== "api_request") return;
    const result = apiRequestFieldsSchema.safeParse(r.extra);
    if (!result.success) issues.push(...result.error.issues.map((issue) => ({ ...issue, path: ["batch", i, "extra", ...issue.path] })));
  });
  if (issues.length) throw validationError(new z.ZodError(issues), "body");
}

/**
 * How many records of the batch each analytics session has, for the per-session allowance; a batch naming more sessions
 * than one browser has is refused (422), so a request costs at most DATALAKE_BATCH_SESSIONS_MAX allowance checks.
 */
export function recordsPerSession<K extends DatalakeKind>(kind: K, batch: Parsed[K][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of batch) {
    const session = kind === "session" ? (r as Parsed["session"]).session : (r as Parsed["event"]).session_uuid;
    counts.set(session, (counts.get(session) ?? 0) + 1);
  }
  if (counts.size > DATALAKE_BATCH_SESSIONS_MAX) {
    const message = `A batch carries the records of at most ${DATALAKE_BATCH_SESSIONS_MAX} sessions.`;
    throw validationError(new z.ZodError([{ code: "custom", path: ["batch"], message, input: undefined }]), "body");
  }
  return counts;
}

export async function ingest<K extends DatalakeKind>(store: AnalyticsStore, s: IngestScope, kind: K, batch: Parsed[K][]): Promise<void> {
  checkProfile(
    s,
    batch.map((r) => r.profile),
  );
  if (kind === "event") checkApiRequests(batch as Parsed["event"][]);
  await store.write(batch.map((r) => toRow(kind, r, s)));
}
