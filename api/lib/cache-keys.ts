// Every cache key the web app and the API write about a channel, in one module (decision 003): what is cached and
// what a change to a channel must drop come from the same place.

/** The web app's channel config for a host (any channel: a domain may move between channels). */
export const configKey = (host: string) => `config:${host.toLowerCase()}`;
/** The web app's bootstrap data of a channel in one language. */
export const bootstrapKey = (alias: string, lang: string) => `bootstrap:${alias}:${lang}`;
/** The API's preroll list of a channel. The id as well: a channel deleted and created again starts afresh. */
export const prerollListKey = (channel: { alias: string; id: number }) => `prerolls:${channel.alias}:${channel.id}`;
/** When a viewer last saw a preroll on a channel. */
export const prerollSeenKey = (channel: { alias: string }, subject: string) => `preroll-seen:${channel.alias}:${subject}`;

/** The key prefixes a change to a channel's definition makes stale: every host's config, its bootstrap and prerolls. */
export const channelChangePrefixes = (alias: string) => ["config:", `bootstrap:${alias}:`, `prerolls:${alias}:`];

/** Deletes every KV entry under the channel's change prefixes; returns how many were deleted. */
export async function dropChannelKeys(kv: KVNamespace, alias: string): Promise<number> {
  let deleted = 0;
  for (const prefix of channelChangePrefixes(alias)) {
    let cursor: string | undefined;
    do {
      const page = await kv.list({ prefix, cursor });
      await Promise.all(page.keys.map((k) => kv.delete(k.name)));
      deleted += page.keys.length;
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
  }
  return deleted;
}
