// POST /score/{id}/taps: the scorekeeper page's queue sends its taps here (a form field `taps`, JSON), and the
// server passes them to the API as the signed-in user. The answer is JSON the queue reads (tap-queue.ts): what
// became of each tap and the new board; a whole refusal (signed out, a malformed batch) carries no results, and an
// outage is a 5xx, which the queue answers by keeping its taps.
import { json, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { MESSAGES } from "@api/contract/messages";
import { SCORE_MESSAGES, tapsBodySchema } from "@api/contract/scores";
import type { SendAnswer } from "~/features/scores/tap-queue";
import { readForm } from "~/server/form.server";
import { optionalUser } from "~/server/guards.server";

const refused = (message: string, status: number) => json<SendAnswer>({ ok: false, message, results: null, board: null }, { status });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { user, api } = optionalUser(context);
  if (!user) return refused(SCORE_MESSAGES.signInToKeepScore, 401);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return refused(MESSAGES.notFound, 404);
  let taps: unknown;
  try {
    taps = JSON.parse(String(form.get("taps") ?? ""));
  } catch {
    return refused(MESSAGES.generic, 422);
  }
  // The phone's clock when it sent them: the API puts a phone's times in its own clock (TAP_CLOCK_TOLERANCE_MS).
  const sentAt = form.get("sent_at");
  const parsed = tapsBodySchema.safeParse({ taps, sent_at: typeof sentAt === "string" && sentAt ? Number(sentAt) : undefined });
  if (!parsed.success) return refused(MESSAGES.generic, 422);
  const result = await api.scores.sendTaps(id, parsed.data.taps, parsed.data.sent_at);
  if (result.ok) return json<SendAnswer>({ ok: true, results: result.answer.results, board: { state: result.answer.game.state, plays: result.answer.game.plays } });
  const { answer } = result;
  return json<SendAnswer>({ ok: false, message: result.message, results: answer?.results ?? null, board: answer ? { state: answer.game.state, plays: answer.game.plays } : null }, { status: result.status });
}

export const loader = ({ params }: ActionFunctionArgs) => redirect(`/score/${params.id ?? ""}`);
