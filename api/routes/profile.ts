// The signed-in user's profile and access (SPEC §7: GET /profile, POST /profile with a patch override,
// GET /user/access). Profile calls stay open to a temporary-password user: that is where they change it.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { profilePatchSchema } from "../contract/auth";
import { body } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireUser } from "../middleware/user";
import { patchProfile } from "../services/auth/profile";
import { authRequest } from "../services/auth/request";
import { userAccess, userForRequest } from "../services/auth/users";
import { releaseStreamsBut } from "../services/streams";
import { streamScope } from "./streams";

export const profileRoutes = new Hono<AppEnv>()
  .get("/profile", requireApiKey, requireUser({ allowTemporary: true }), async (c) => {
    return c.json({ data: await userForRequest(c, c.get("user")) });
  })
  .post("/profile", requireApiKey, requireUser({ allowTemporary: true }), body(profilePatchSchema()), async (c) => {
    const { user, endedOthers } = await patchProfile(authRequest(c), c.get("user"), c.get("session"), c.req.valid("json"));
    // The devices a new password signed out lose their streams too.
    if (endedOthers) await releaseStreamsBut(streamScope(c, user.id), c.get("session").id);
    return c.json({ data: await userForRequest(c, user) });
  })
  .get("/user/access", requireApiKey, requireUser(), async (c) => {
    return c.json({ data: await userAccess(c, c.get("user")) });
  });
