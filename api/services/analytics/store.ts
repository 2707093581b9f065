// Where analytics records go (issue 14, DESIGN "Analytics"): Workers Analytics Engine when the ANALYTICS dataset is
// bound (production), the D1 table `analytics_records` otherwise (locally and in tests, so tests can read what was
// sent). One interface; the route and the service do not know which store they write to.
import type { NewAnalyticsRecord } from "../../db/analytics-schema";
import type { Db } from "../../db/client";
import { insertAnalyticsRecords } from "../../db/repos/analytics";

export interface AnalyticsStore {
  readonly kind: "engine" | "d1";
  write(rows: readonly NewAnalyticsRecord[]): Promise<void>;
}

/** Analytics Engine caps a data point's blobs at 16 KB together; the JSON part is cut well below. */
const DATA_MAX = 4000;

/**
 * One record as an Analytics Engine data point. The channel is the index (sampling is per channel); blobs and
 * doubles keep the D1 table's column order, so one SQL shape reads either store:
 * blob1 kind, blob2 name, blob3 session, blob4 video view, blob5 stream type, blob6 trk, blob7 data (JSON);
 * double1 at, double2 user id, double3 stream id, double4 value, double5 value2.
 */
export function toDataPoint(row: NewAnalyticsRecord): AnalyticsEngineDataPoint {
  const data = JSON.stringify(row.data ?? {});
  return {
    indexes: [String(row.channelId)],
    blobs: [row.kind, row.name ?? null, row.sessionUuid, row.videoViewUuid ?? null, row.streamType ?? null, row.trk ?? null, data.length > DATA_MAX ? "{}" : data],
    doubles: [row.at, row.userId ?? 0, row.streamId ?? 0, row.value ?? 0, row.value2 ?? 0],
  };
}

export function engineStore(dataset: AnalyticsEngineDataset): AnalyticsStore {
  return {
    kind: "engine",
    // writeDataPoint does not wait: the runtime sends the points after the response.
    write: async (rows) => {
      for (const row of rows) dataset.writeDataPoint(toDataPoint(row));
    },
  };
}

export const d1Store = (db: Db): AnalyticsStore => ({ kind: "d1", write: (rows) => insertAnalyticsRecords(db, rows) });

export const analyticsStore = (env: { ANALYTICS?: AnalyticsEngineDataset }, db: Db): AnalyticsStore =>
  env.ANALYTICS ? engineStore(env.ANALYTICS) : d1Store(db);
