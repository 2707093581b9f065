// The Cron Trigger (wrangler.toml [triggers]): sandbox renewals due by the scheduled time, the clip sweep (a clip
// whose job was lost is sent again, or failed once its attempts are used), the reminder mails due, and the pending
// custom domains checked again, events a Stream encoder is streaming to kept live, and direct uploads left unfinished for a day given up (issue 16);
// before them, the rolling demo channels that are due are rolled (issue 24).
import { getDb } from "../db/client";
import { sweepClips } from "../services/clips/process";
import { recheckPendingDomains } from "../services/console/domain-recheck";
import { sendDueReminders } from "../services/reminder-run";
import { rollDueChannels } from "../services/schedule-roll";
import { keepStreamEventsLive } from "../services/video/stream-live";
import { sweepAbandonedUploads } from "../services/video/uploads";
import { runDueRenewals } from "./payment-events";

export async function runScheduled(env: Env, scheduledTime: number): Promise<void> {
  // First, so the reminders (and everything after) read the rolling demo channels' current times.
  await rollDueChannels(env.DB, scheduledTime).catch((error) => console.error("scheduled task failed", error));
  const results = await Promise.allSettled([
    runDueRenewals(env, scheduledTime),
    sweepClips({ db: getDb(env.DB), bucket: env.MEDIA, now: () => scheduledTime }, async (job) => void (await env.JOBS.send(job))),
    sendDueReminders(env, scheduledTime),
    recheckPendingDomains(env, scheduledTime),
    keepStreamEventsLive(getDb(env.DB), scheduledTime),
    sweepAbandonedUploads(getDb(env.DB), env, scheduledTime),
  ]);
  for (const r of results) if (r.status === "rejected") console.error("scheduled task failed", r.reason);
}
