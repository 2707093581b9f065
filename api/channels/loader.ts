// Loads one tenant definition into D1, R2 and KV. Only binding APIs and Web APIs: it runs in Node against
// getPlatformProxy() bindings and inside workerd alike.
//
// Idempotent: the channel is written by alias and every child row by (channel_id, key | url | alias | hostname),
// so ids stay the same across runs; rows whose key left the definition are deleted. Round trips: one read (conflict
// checks, stored images), the image uploads in parallel, one D1 batch with every write (one transaction, so a
// failing definition changes nothing), then the cache invalidation.
import { dropChannelKeys } from "../lib/cache-keys";
import { imageRefs, isLocalImage, TenantDefinitionError, type TenantDefinition, type TenantFile } from "./definition";
import { sections, type SectionContext } from "./sections";
import { freezeDefinition, storeDefinitionStatement } from "./stored";

export interface LoadOptions {
  /** The web app's KV cache (CACHE): cached host configs and the channel's bootstrap data are dropped after loading. */
  cache?: KVNamespace;
  /** Epoch ms the catalogue's relative event and VOD times count from (default: Date.now()). */
  now?: number;
}

export interface LoadResult {
  alias: string;
  channelId: number;
  /** Rows per section, as declared. */
  counts: Record<string, number>;
  images: { total: number; uploaded: number; removed: number };
  cacheKeysDeleted: number;
}

/** The R2 key of a tenant image (as api/routes/assets.ts channelAssetKey). */
export const tenantAssetKey = (alias: string, path: string) => `channels/${alias}/${path}`;

export async function loadTenant(d1: D1Database, bucket: R2Bucket, def: TenantDefinition, files: TenantFile[], options: LoadOptions = {}): Promise<LoadResult> {
  const prefix = tenantAssetKey(def.alias, "");
  const [hashes, stored] = await Promise.all([hashFiles(files), listTenantObjects(bucket, prefix), checkConflicts(d1, def)]);

  const missing = imageRefs(def).filter((r) => isLocalImage(r.ref) && !hashes.has(r.ref));
  if (missing.length) throw new TenantDefinitionError(missing.map((m) => `${def.alias}: ${m.at}: image "${m.ref}" is not among the tenant's files`).join("\n"));

  // New or changed images go up first, so no stored URL ever points at a missing object.
  const changed = files.filter((f) => stored.get(f.path) !== hashes.get(f.path));
  await Promise.all(
    changed.map((f) =>
      bucket.put(tenantAssetKey(def.alias, f.path), f.bytes, {
        httpMetadata: { contentType: f.contentType },
        customMetadata: { sha256: hashes.get(f.path)!, source: "tenant" },
      }),
    ),
  );

  const now = options.now ?? Date.now();
  const ctx: SectionContext = { d1, def, image: imageUrl(hashes), now, anchor: now };
  const results = await d1.batch<{ id: number }>([
    ...upsertChannel(d1, def),
    anchorStatement(d1, def, now),
    ...sections.flatMap((s) => s.statements(ctx)),
    storeDefinitionStatement(d1, freezeDefinition(def, now), now),
    d1.prepare("SELECT id FROM channels WHERE alias = ?1").bind(def.alias),
  ]);
  const channelId = results[results.length - 1].results[0].id;

  // Images this loader uploaded earlier that the tenant no longer has.
  const stale = [...stored.keys()].filter((path) => !hashes.has(path));
  if (stale.length) await bucket.delete(stale.map((path) => tenantAssetKey(def.alias, path)));

  return {
    alias: def.alias,
    channelId,
    counts: Object.fromEntries(sections.map((s) => [s.name, s.count(def)])),
    images: { total: files.length, uploaded: changed.length, removed: stale.length },
    cacheKeysDeleted: options.cache ? await invalidateCache(options.cache, def.alias) : 0,
  };
}

/** An image as stored: a local path becomes /api/assets/<path>?v=<hash>; URLs stay as they are. */
const imageUrl = (hashes: Map<string, string>) => (ref: string) => (isLocalImage(ref) ? `/api/assets/${ref}?v=${hashes.get(ref)!.slice(0, 8)}` : ref);

export interface WriteOptions {
  now: number;
  /** A rolling channel's anchor (channels.schedule_anchor; default `now`). */
  anchor?: number | null;
  /** Statements that run first in the same batch (the console's version check). */
  before?: D1PreparedStatement[];
  /** Statements that run last in the same batch (the audit entry). */
  after?: D1PreparedStatement[];
}

/**
 * Writes some sections of a channel that exists (the console's edits, issue 16), in the loader's order, as one batch
 * with `before` and `after`, so the change, its version check and its audit entry land together or not at all.
 * Images are the channel's files already in R2 (the tenant's and the console's uploads).
 */
export async function writeSections(d1: D1Database, bucket: R2Bucket, def: TenantDefinition, names: readonly string[], options: WriteOptions): Promise<void> {
  const chosen = sections.filter((s) => names.includes(s.name));
  if (chosen.length !== names.length) throw new Error(`unknown section in ${names.join(", ")}`);
  const hashes = await listChannelImages(bucket, tenantAssetKey(def.alias, ""));
  const missing = imageRefs(def).filter((r) => isLocalImage(r.ref) && !hashes.has(r.ref));
  if (missing.length) throw new ImageMissingError(missing);
  const ctx: SectionContext = { d1, def, image: imageUrl(hashes), now: options.now, anchor: options.anchor ?? options.now };
  await d1.batch([...(options.before ?? []), ...chosen.flatMap((s) => s.statements(ctx)), ...(options.after ?? [])]);
}

/** Images a definition names that the channel does not have. */
export class ImageMissingError extends Error {
  override name = "ImageMissingError";
  constructor(readonly missing: { at: string; ref: string }[]) {
    super(missing.map((m) => `${m.at}: image "${m.ref}" not found`).join("\n"));
  }
}

/** Every file of the channel in R2 with its sha256 (tenant images and console uploads): path → sha256. */
async function listChannelImages(bucket: R2Bucket, prefix: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, include: ["customMetadata"] });
    for (const o of page.objects) if (o.customMetadata?.sha256) found.set(o.key.slice(prefix.length), o.customMetadata.sha256);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return found;
}

/** Drops the web app's cached host configs (`config:<host>`, any channel), this channel's bootstrap data and its preroll list. */
export const invalidateCache = dropChannelKeys;

/** Updates the channel row if it changed, or inserts it (an upsert would consume an AUTOINCREMENT id each run). */
function upsertChannel(d1: D1Database, def: TenantDefinition): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        "UPDATE channels SET name = ?2, channel_key = ?3, status = ?4, updated_at = unixepoch() * 1000 " +
          "WHERE alias = ?1 AND (name IS NOT ?2 OR channel_key IS NOT ?3 OR status IS NOT ?4)",
      )
      .bind(def.alias, def.name, def.channel_key, def.status),
    d1
      .prepare("INSERT INTO channels (alias, name, channel_key, status) SELECT ?1, ?2, ?3, ?4 WHERE NOT EXISTS (SELECT 1 FROM channels WHERE alias = ?1)")
      .bind(def.alias, def.name, def.channel_key, def.status),
  ];
}

/**
 * A load anchors a rolling channel's schedule at its `now` (the catalogue sections then set when it next rolls); a
 * fixed channel has none.
 */
function anchorStatement(d1: D1Database, def: TenantDefinition, now: number): D1PreparedStatement {
  const anchor = def.schedule === "rolling" ? now : null;
  return d1.prepare("UPDATE channels SET schedule_anchor = ?2, rolled_at = ?2, next_roll_at = NULL WHERE alias = ?1").bind(def.alias, anchor);
}

/** Refuses a channel key or a domain that another channel already has, before anything is written. */
async function checkConflicts(d1: D1Database, def: TenantDefinition): Promise<void> {
  const [keys, domains] = await d1.batch<{ alias: string; hostname?: string }>([
    d1.prepare("SELECT alias FROM channels WHERE channel_key = ?1 AND alias <> ?2").bind(def.channel_key, def.alias),
    d1
      .prepare(
        "SELECT d.hostname, c.alias FROM channel_domains d JOIN channels c ON c.id = d.channel_id " +
          "WHERE d.hostname IN (SELECT value FROM json_each(?1)) AND c.alias <> ?2",
      )
      .bind(JSON.stringify(def.domains), def.alias),
  ]);
  const problems = [
    ...keys.results.map((k) => `${def.alias}: channel_key is already used by channel "${k.alias}"`),
    ...domains.results.map((d) => `${def.alias}: domain "${d.hostname}" already belongs to channel "${d.alias}"`),
  ];
  if (problems.length) throw new TenantDefinitionError(problems.join("\n"));
}

async function hashFiles(files: TenantFile[]): Promise<Map<string, string>> {
  const entries = await Promise.all(
    files.map(async (f) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", f.bytes as Uint8Array<ArrayBuffer>));
      return [f.path, Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")] as const;
    }),
  );
  return new Map(entries);
}

/** Objects this loader uploaded under the tenant's prefix: path → sha256. Objects put there by others stay. */
async function listTenantObjects(bucket: R2Bucket, prefix: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, include: ["customMetadata"] });
    for (const o of page.objects) {
      if (o.customMetadata?.source === "tenant") found.set(o.key.slice(prefix.length), o.customMetadata.sha256 ?? "");
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return found;
}
