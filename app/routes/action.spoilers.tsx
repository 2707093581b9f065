// POST /action/spoilers: a signed-in viewer's spoiler-safe choice (issue 27, `hidden` = 1 | 0), kept on the account so
// every device it signs in on hides scores too. The browser's own cookie is written by the page (spoilers.ts); this
// is the account's copy. Without JavaScript the watch page's switch is a button of the page, so this answers a fetch.
import { type ActionFunctionArgs, json, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { readForm } from "~/server/form.server";
import { requireUser } from "~/server/guards.server";

const choiceSchema = z.object({ hidden: z.enum(["1", "0"]) });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { api } = requireUser(context, request);
  const parsed = choiceSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return json({ ok: false }, { status: 422 });
  await api.account.updateProfile({ hide_scores: parsed.data.hidden === "1" });
  return json({ ok: true });
}

export const loader = () => redirect("/");
