// Password-reset mail on the Queue (issue 25, ADR 028). The request handler does the same work for any email (count,
// check the captcha, enqueue this job) and answers the same, so neither its answer nor its timing tells whether an
// account exists; the consumer looks the account up and mails only when there is one.
// The consumer is api/services/auth/password-reset-mail.ts.
import { z } from "zod";

export const passwordResetJob = z.object({
  kind: z.literal("auth.password-reset"),
  channelId: z.number().int().positive(),
  email: z.string().min(1).max(254),
  /** The web origin the visitor asked from: where the link points. */
  origin: z.string().url(),
  /** When the visitor asked: the link's lifetime counts from then, not from when the queue ran. */
  requestedAt: z.number().int().nonnegative(),
});
export type PasswordResetJob = z.infer<typeof passwordResetJob>;

export async function enqueuePasswordReset(env: Pick<Env, "JOBS">, job: Omit<PasswordResetJob, "kind">): Promise<void> {
  const message: PasswordResetJob = { kind: "auth.password-reset", ...job };
  try {
    await env.JOBS.send(message);
  } catch (error) {
    // Answered the same all the same: the visitor can ask again, and failing the request would not send it either.
    console.error("password reset: could not enqueue", error);
  }
}
