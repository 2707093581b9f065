// The clip calls of the web pages (issue 11), shared by the watch pages and /profile/clips: GET lists the signed-in
// user's clips of one event or library video (the lists poll it while a clip is being made); POST cuts a clip
// (intent=create), deletes one (intent=delete) or asks for a clip's download URL (intent=download). Answers JSON;
// refusals carry the API's message and field errors in the visitor's language. After a POST, Remix reloads the page.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Clip } from "@api/contract/clips";
import { clipFieldErrors, clipMessage } from "~/features/clips/messages";
import type { ClipBody } from "~/server/api/clips.server";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

const positiveId = (value: FormDataEntryValue | string | null): number | undefined => {
  const n = Number(value);
  return value !== null && value !== "" && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** The form's fields as POST /clip takes them; the API validates them (and answers the SPEC's messages). */
function clipBody(form: FormData): ClipBody {
  const number = (name: string) => {
    const raw = form.get(name);
    return typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  };
  return {
    event_id: positiveId(form.get("event_id")),
    event_media_id: positiveId(form.get("event_media_id")),
    name: String(form.get("name") ?? ""),
    start_time: number("start_time"),
    duration: number("duration"),
    tags: form.getAll("tags").map(String),
  };
}

export type ClipsActionData =
  | { ok: true; intent: "create"; clip: Clip }
  | { ok: true; intent: "delete"; id: number }
  | { ok: true; intent: "download"; url: string }
  | { ok: false; intent: string; message: string; errors: Record<string, string[]> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = requireUser(context, request);
  const url = new URL(request.url);
  const eventId = positiveId(url.searchParams.get("event_id"));
  const mediaId = positiveId(url.searchParams.get("event_media_id"));
  const { data } = await api.clips.list({ event_id: eventId, event_media_id: mediaId, limit: 50 });
  return json({ clips: data }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, api } = requireUser(context, request);
  const t = await getT(tenant.lang);
  const intent = String(form.get("intent") ?? "");
  const refused = (message: string, errors: Record<string, string[]> = {}, status = 400) =>
    json<ClipsActionData>({ ok: false, intent, message: clipMessage(t, message), errors: clipFieldErrors(t, errors) }, { status });

  if (intent === "create") {
    const result = await api.clips.create(clipBody(form));
    if (!result.ok) return refused(result.message, result.errors, result.status === 422 ? 422 : 400);
    return json<ClipsActionData>({ ok: true, intent, clip: result.value });
  }
  const id = positiveId(form.get("id"));
  if (!id) return refused("Not found", {}, 404);
  if (intent === "delete") {
    const result = await api.clips.remove(id);
    return result.ok ? json<ClipsActionData>({ ok: true, intent, id }) : refused(result.message, result.errors, result.status);
  }
  if (intent === "download") {
    const result = await api.clips.download(id);
    return result.ok ? json<ClipsActionData>({ ok: true, intent, url: result.value.url }) : refused(result.message, result.errors, result.status);
  }
  return refused(t("common:errors.generic"));
}
