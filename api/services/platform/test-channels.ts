// A channel of its own for one test (issue 24): a tenant definition, loaded by the tenant loader under a fresh alias
// and channel key, with its relative event and VOD times resolved from the `now` the test gives (on a fixed schedule,
// whatever the definition says). Development and
// tests only (api/routes/dev-channels.ts): a test that changes what it reads then changes nothing another test reads,
// and sees its live events exactly as old as it asked, however long the run has lasted.
import { ALIAS_PATTERN, parseTenantDefinition, TenantDefinitionError, type TenantFile } from "../../channels/definition";
import { loadTenant, tenantAssetKey } from "../../channels/loader";
import type { TestChannelInput, TestChannel } from "../../contract/test-channels";
import { randomToken } from "../../lib/crypto";
import { ApiError } from "../../lib/errors";

/** Lowercase letters and digits: a DNS label part that no other load will draw (60 random bits). */
const randomLabel = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

/** `<prefix>-<random>`, inside the 63 characters of a DNS label. */
export function freshAlias(prefix: string): string {
  const alias = `${prefix.slice(0, 40)}-${randomLabel()}`;
  if (!ALIAS_PATTERN.test(alias)) throw new ApiError(422, "The alias prefix is not a valid alias.", { alias_prefix: ["The alias prefix is not a valid alias."] });
  return alias;
}

/** The tenant images another channel was loaded with (its folder's images/), to load again under the new alias. */
async function tenantImagesOf(bucket: R2Bucket, alias: string): Promise<TenantFile[]> {
  const prefix = tenantAssetKey(alias, "");
  const keys: { key: string; contentType: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, include: ["customMetadata", "httpMetadata"] });
    for (const o of page.objects) if (o.customMetadata?.source === "tenant") keys.push({ key: o.key, contentType: o.httpMetadata?.contentType ?? "application/octet-stream" });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return Promise.all(
    keys.map(async ({ key, contentType }) => {
      const object = await bucket.get(key);
      if (!object) throw new ApiError(409, `The image ${key} went away while it was copied.`);
      return { path: key.slice(prefix.length), bytes: new Uint8Array(await object.arrayBuffer()), contentType };
    }),
  );
}

export async function loadTestChannel(env: Pick<Env, "DB" | "MEDIA">, input: TestChannelInput, clock: number): Promise<TestChannel> {
  const alias = freshAlias(input.alias_prefix);
  const now = input.now ?? clock;
  // Always fixed: a test sees its channel exactly as loaded at its `now`, however long it runs.
  const raw = { ...input.definition, schedule: "fixed", channel_key: `ck_test_${randomToken(18).replace(/[^A-Za-z0-9]/g, "")}` };
  let def;
  try {
    def = parseTenantDefinition(raw, alias, `definition of ${alias}`);
  } catch (error) {
    if (error instanceof TenantDefinitionError) throw new ApiError(422, error.message);
    throw error;
  }
  const files = input.images_from ? await tenantImagesOf(env.MEDIA, input.images_from) : [];
  try {
    const loaded = await loadTenant(env.DB, env.MEDIA, def, files, { now });
    return { id: loaded.channelId, alias, channel_key: def.channel_key, now };
  } catch (error) {
    // A domain another channel holds, or an image the definition names and the copied ones lack.
    if (error instanceof TenantDefinitionError) throw new ApiError(422, error.message);
    throw error;
  }
}
