// POST /console/preview: Markdown rendered as the site renders it, for the console's preview (issue 16).
import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { readForm } from "~/server/form.server";
import { requireChannelManager } from "~/server/guards.server";
import { renderMarkdown } from "~/server/markdown.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  requireChannelManager(context, request);
  const markdown = form.get("markdown");
  return json({ html: renderMarkdown(typeof markdown === "string" ? markdown.slice(0, 50_000) : "") }, { headers: { "Cache-Control": "no-store" } });
}
