// The password-reset job's consumer (api/jobs/password-reset.ts says why the mail goes through the queue).
import { getDb } from "../../db/client";
import { findChannelById } from "../../db/repos/channels";
import type { PasswordResetJob } from "../../jobs/password-reset";
import { mailLink } from "./accounts";
import { findUserByEmail } from "./users";

const isForeignKeyViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message ?? e).includes("FOREIGN KEY constraint failed")) return true;
  }
  return false;
};

/**
 * The consumer step: a reset link to the account, when the channel and the account exist (still). A channel or
 * account gone since the request (deleted, or a finished test's data) is no failure to retry: the job is done.
 */
export async function sendPasswordReset(env: Env, job: PasswordResetJob): Promise<"sent" | "no-account"> {
  const db = getDb(env.DB);
  const channel = await findChannelById(db, job.channelId);
  const user = channel?.status === "active" ? await findUserByEmail(db, channel.id, job.email) : undefined;
  if (!channel || !user) return "no-account";
  try {
    await mailLink({ db, env, channel, now: job.requestedAt, origin: job.origin }, user, "password_reset");
    return "sent";
  } catch (error) {
    // Deleted between the look-up and the writes: the link's and the mail's rows have no one to belong to.
    if (isForeignKeyViolation(error)) return "no-account";
    throw error;
  }
}
