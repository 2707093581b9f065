// The console's calls (issue 16): the channel's owner (or a platform admin) reads and changes its definition,
// uploads images and reads the audit log. The channel is the host's; every change is validated, audited and drops
// the channel's caches.
import { Hono, type HonoRequest } from "hono";
import type { AppEnv } from "../context";
import { auditQuerySchema, itemParamSchema, removeItemSchema, replaceSectionSchema, saveItemSchema, sectionParamSchema, type AuditLogEntry } from "../contract/console";
import { CONSOLE_MESSAGES } from "../contract/console-messages";
import { listAudit } from "../db/repos/audit";
import { ApiError } from "../lib/errors";
import { body, param, query } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireChannelManager } from "../middleware/roles";
import { requireUser } from "../middleware/user";
import { changeSection, getSection } from "../services/console/definition";
import { listImages, uploadImage } from "../services/console/images";
import { consoleScope } from "../services/console/scope";

const guard = [requireApiKey, requireUser(), requireChannelManager()] as const;

export const consoleRoutes = new Hono<AppEnv>()
  .get("/console/sections/:section", ...guard, param(sectionParamSchema), async (c) => {
    return c.json({ data: await getSection(consoleScope(c), c.req.valid("param").section) });
  })
  .put("/console/sections/:section", ...guard, param(sectionParamSchema), body(replaceSectionSchema), async (c) => {
    const { version, value } = c.req.valid("json");
    return c.json({ data: await changeSection(consoleScope(c), c.req.valid("param").section, version, { kind: "replace", value }) });
  })
  .put("/console/sections/:section/items/:id", ...guard, param(itemParamSchema), body(saveItemSchema), async (c) => {
    const { section, id } = c.req.valid("param");
    const { version, base, value } = c.req.valid("json");
    return c.json({ data: await changeSection(consoleScope(c), section, version, { kind: "save", id, value }, base) });
  })
  .delete("/console/sections/:section/items/:id", ...guard, param(itemParamSchema), query(removeItemSchema), async (c) => {
    const { section, id } = c.req.valid("param");
    const { version, base } = c.req.valid("query");
    return c.json({ data: await changeSection(consoleScope(c), section, version, { kind: "remove", id }, base) });
  })
  .get("/console/audit", ...guard, query(auditQuerySchema), async (c) => {
    const { limit, before, target } = c.req.valid("query");
    const rows = await listAudit(c.get("db"), c.get("channel").id, { limit, beforeId: before, target });
    const data: AuditLogEntry[] = rows.map((r) => ({ id: r.id, actor: r.actorEmail, action: r.action, target: r.target, before: r.before, after: r.after, created_at: r.createdAt }));
    return c.json({ data });
  })
  .get("/console/images", ...guard, async (c) => c.json({ data: await listImages(consoleScope(c)) }))
  .post("/console/images", ...guard, async (c) => {
    const file = await uploadedFile(c.req);
    return c.json({ data: await uploadImage(consoleScope(c), file) });
  });

/** The multipart body's `file` part; anything else is a 4xx in plain words. */
async function uploadedFile(request: HonoRequest): Promise<File> {
  // Hono keeps the parsed body: requireApiKey read the api_key from the same form.
  if (!(request.header("content-type") ?? "").includes("multipart/form-data")) throw new ApiError(415, CONSOLE_MESSAGES.imageType, { file: [CONSOLE_MESSAGES.imageType] });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError(400, "The request body is not a valid form.");
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw new ApiError(422, "Field is required", { file: ["Field is required"] });
  return file;
}
