// The console's video calls (issue 16): live inputs per event and uploaded videos. Each needs the api key, a
// signed-in owner of this channel or an admin (others: 403), and names only this channel's events and uploads
// (others: 404). Bad input is a 422 with the field named; a provider that fails is a 502, never a 500.
import { Hono, type HonoRequest } from "hono";
import type { AppEnv } from "../context";
import { idParamSchema, langQuerySchema } from "../contract/common";
import { directUploadSchema, uploadFieldsSchema } from "../contract/video";
import { ApiError } from "../lib/errors";
import { body, param, parse, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireChannelManager } from "../middleware/roles";
import { requireUser } from "../middleware/user";
import { consoleScope } from "../services/console/scope";
import { createLiveInput, deleteLiveInput, endLiveInput, getLiveInput, listLiveEvents } from "../services/video/live-inputs";
import { checkVideoFile, createDirectUpload, createUpload, getUpload, listUploads, removeUpload, renewDirectUpload } from "../services/video/uploads";

const manager = [requireApiKey, requireUser(), requireChannelManager()] as const;

/** The upload form: its text fields as one object (422 on a bad title), and the file checked apart (422 "file"). */
async function uploadForm(request: HonoRequest): Promise<{ file: File; title: Record<string, string> }> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError(400, "The request body is not a valid form.");
  }
  const fields = parse(uploadFieldsSchema, { title_en: form.get("title_en") ?? "", title_fr: form.get("title_fr") ?? undefined }, "body");
  const file = form.get("file");
  const problem = checkVideoFile(file);
  if (problem) throw new ApiError(422, problem, { file: [problem] });
  const title: Record<string, string> = { en: fields.title_en };
  if (fields.title_fr) title.fr = fields.title_fr;
  return { file: file as File, title };
}

export const consoleVideoRoutes = new Hono<AppEnv>()
  .get("/console/live", ...manager, query(langQuerySchema), async (c) => {
    const lang = c.req.valid("query").lang ?? c.get("channel").defaultLanguage;
    return c.json({ data: await listLiveEvents(consoleScope(c), lang) });
  })
  .get("/console/events/:id/live-input", ...manager, param(idParamSchema), async (c) => c.json({ data: await getLiveInput(consoleScope(c), c.req.valid("param").id) }))
  .post("/console/events/:id/live-input", ...manager, param(idParamSchema), async (c) => c.json({ data: await createLiveInput(consoleScope(c), c.req.valid("param").id) }))
  .post("/console/events/:id/live-input/end", ...manager, param(idParamSchema), async (c) => c.json({ data: await endLiveInput(consoleScope(c), c.req.valid("param").id) }))
  .delete("/console/events/:id/live-input", ...manager, param(idParamSchema), async (c) => {
    await deleteLiveInput(consoleScope(c), c.req.valid("param").id);
    return c.json({ data: { deleted: true } });
  })
  .get("/console/uploads", ...manager, async (c) => c.json({ data: await listUploads(consoleScope(c)) }))
  // Before /console/uploads/:id. A resumable upload the browser sends itself (docs/decisions/025): JSON in, tus URL out.
  .post("/console/uploads/direct", ...manager, body(directUploadSchema), async (c) =>
    c.json({ data: await createDirectUpload(consoleScope(c), c.req.valid("json"), new URL(c.req.url).origin) }),
  )
  // A new URL for a waiting direct upload whose URL the provider no longer takes: the file is sent again from its start.
  .post("/console/uploads/:id/direct", ...manager, param(idParamSchema), async (c) =>
    c.json({ data: await renewDirectUpload(consoleScope(c), c.req.valid("param").id, new URL(c.req.url).origin) }),
  )
  .get("/console/uploads/:id", ...manager, param(idParamSchema), async (c) => c.json({ data: await getUpload(consoleScope(c), c.req.valid("param").id) }))
  .delete("/console/uploads/:id", ...manager, param(idParamSchema), async (c) => {
    await removeUpload(consoleScope(c), c.req.valid("param").id);
    return c.json({ data: { deleted: true } });
  })
  .post("/console/uploads", ...manager, async (c) => {
    const { file, title } = await uploadForm(c.req);
    return c.json({ data: await createUpload(consoleScope(c), file, title) });
  });
