// The api-key handshake (SPEC §2 start-up, §7): config → channel key → api key.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import type { ApiKeyGrant, ChannelConfig } from "../contract/channel";
import { channelSettingsSchema } from "../contract/settings";
import { settingsQuery } from "../db/repos/content";
import { apiKeyError } from "../lib/errors";
import { body } from "../lib/validate";
import { mintApiKey } from "../services/api-keys";

const getApiKeySchema = z.object({ channel_key: z.string({ error: "Field is required" }).trim().min(1, "Field is required").max(200) });

export const keysRoutes = new Hono<AppEnv>()
  // The channel config file: public, read first. The channel key in it is publishable.
  .get("/channel-config", async (c) => {
    const channel = c.get("channel");
    const rows = await settingsQuery(c.get("db"), channel.id);
    const settings = channelSettingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
    const config: ChannelConfig = {
      alias: channel.alias,
      name: channel.name,
      channel_key: channel.channelKey,
      language: settings.language,
      languages: settings.languages,
    };
    c.header("Cache-Control", "public, max-age=60, stale-while-revalidate=600");
    return c.json({ data: config });
  })
  .post("/get_api_key", body(getApiKeySchema), async (c) => {
    const channel = c.get("channel");
    const { channel_key } = c.req.valid("json");
    // The key must be this host's channel's key, and the channel must be live.
    if (channel_key !== channel.channelKey || channel.status !== "active") throw apiKeyError("channel_key");
    const grant: ApiKeyGrant = await mintApiKey(c.get("db"), channel.id, c.get("now")());
    c.header("Cache-Control", "no-store");
    return c.json({ data: grant });
  });
