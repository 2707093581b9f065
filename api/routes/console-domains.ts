// The console's custom domains (issue 16): GET /console/domains (the channel's domains with the DNS records to
// create), POST /console/domains {hostname}, POST /console/domains/{id}/verify and DELETE /console/domains/{id}.
// The channel's owner or a platform admin only; another channel's domain is a 404 like any unknown id.
import { type Context, Hono } from "hono";
import type { AppEnv } from "../context";
import { idParamSchema } from "../contract/common";
import { addDomainSchema } from "../contract/domains";
import { body, param } from "../lib/validate";
import { requireApiKey } from "../middleware/api-key";
import { requireChannelManager } from "../middleware/roles";
import { requireUser } from "../middleware/user";
import { customHostnames, hostnamesConfig } from "../providers/hostnames";
import { addDomain, checkDomain, type DomainsContext, domainsOverview, removeDomain } from "../services/console/domains";
import { consoleScope } from "../services/console/scope";

function domainsContext(c: Context<AppEnv>): DomainsContext {
  const scope = consoleScope(c);
  return { scope, provider: customHostnames(c.env, scope.db), fallbackOrigin: hostnamesConfig(c.env).fallbackOrigin };
}

const manager = [requireApiKey, requireUser(), requireChannelManager()] as const;

export const consoleDomainRoutes = new Hono<AppEnv>()
  .get("/console/domains", ...manager, async (c) => c.json({ data: await domainsOverview(domainsContext(c)) }))
  .post("/console/domains", ...manager, body(addDomainSchema()), async (c) => c.json({ data: await addDomain(domainsContext(c), c.req.valid("json").hostname) }))
  .post("/console/domains/:id/verify", ...manager, param(idParamSchema), async (c) => c.json({ data: await checkDomain(domainsContext(c), c.req.valid("param").id) }))
  .delete("/console/domains/:id", ...manager, param(idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await removeDomain(domainsContext(c), id);
    return c.json({ data: { id } });
  });
