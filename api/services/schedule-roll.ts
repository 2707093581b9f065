// Rolling a demo channel's schedule (issue 24, docs/decisions/027). A rolling channel's relative times are kept as
// rules; its rows hold where they stand, valid until the channel's next roll time. The first request at or after
// that time (api/middleware/tenant.ts) and the Cron Trigger roll it: recompute the rolling rows at now and write what
// moved in one batch. A roll is idempotent, and two isolates rolling at once leave the later one's times.
import { rollRows } from "../channels/rolling";
import { dueChannels, readRollingRows, writeRoll } from "../db/repos/schedule";

/** One roll per channel at a time in this isolate: requests that arrive while it runs wait for it. */
const running = new Map<number, Promise<number | null>>();

/** Rolls the channel if its next roll time has come by `now`; answers its next roll time (null: never). */
export async function rollSchedule(d1: D1Database, channelId: number, now: number): Promise<number | null> {
  const pending = running.get(channelId);
  if (pending) {
    const next = await pending;
    if (next === null || next > now) return next;
  }
  let roll = running.get(channelId);
  if (!roll) {
    roll = rollDue(d1, channelId, now).finally(() => running.delete(channelId));
    running.set(channelId, roll);
  }
  return roll;
}

async function rollDue(d1: D1Database, channelId: number, now: number): Promise<number | null> {
  let next: number | null = null;
  // Another writer may leave a roll time that has passed already (a console save computed at an earlier now):
  // roll again, a bounded number of times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { schedule, events, vods } = await readRollingRows(d1, channelId);
    if (!schedule || schedule.anchor === null) return null;
    if (schedule.nextRollAt === null || schedule.nextRollAt > now) return schedule.nextRollAt;
    next = await writeRoll(d1, channelId, schedule.anchor, now, rollRows(schedule.anchor, now, events, vods));
    if (next === null || next > now) return next;
  }
  return next;
}

/** The Cron Trigger's part: every rolling channel due by `now`; answers how many were rolled. */
export async function rollDueChannels(d1: D1Database, now: number): Promise<number> {
  const ids = await dueChannels(d1, now);
  for (const id of ids) await rollSchedule(d1, id, now);
  return ids.length;
}
