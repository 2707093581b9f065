// Reads a tenant folder from disk (Node only):
//   <dir>/channel.json          the definition (see api/channels/definition.ts)
//   <dir>/catalogue.json        sports, schools, teams, locations, events, VOD (see api/channels/catalogue.ts)
//   <dir>/products.json         packages, subscriptions, bundles, coupons (see api/channels/products.ts)
//   <dir>/pages/<name>.<lang>.md page content, for pages that give no inline `content`
//   <dir>/images/**             images, uploaded to R2 and referenced by path relative to images/
// Each step fills one part of the raw JSON before validation, so a later section (catalogue/) is one more step.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { LANGUAGES } from "../../api/contract/constants";
import { formatIssues, IMAGE_PATH_PATTERN, imageRefs, isLocalImage, parseTenantDefinition, TenantDefinitionError, type TenantDefinition, type TenantFile } from "../../api/channels/definition";
import { hashTenantUsers, usersFileSchema } from "../../api/channels/users";
import { productRefIssues, productsFileSchema } from "../../api/channels/products";

export interface TenantSource {
  dir: string;
  definition: TenantDefinition;
  files: TenantFile[];
}

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
};

type RawDefinition = Record<string, unknown>;
/** Fills parts of the raw definition from files next to channel.json. */
type ReadStep = (dir: string, raw: RawDefinition, source: string) => Promise<void>;

const steps: ReadStep[] = [readPageContent, readCatalogue, readUsers, readProducts];

const CATALOGUE_FILE = "catalogue.json";
const USERS_FILE = "users.json";
const PRODUCTS_FILE = "products.json";
/** A path as shown in messages: relative to the working directory when inside it. */
const shown = (file: string) => {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative;
};

/** Reads and validates one tenant folder; the alias is the folder name. */
export async function readTenant(dir: string): Promise<TenantSource> {
  const alias = path.basename(path.resolve(dir));
  const file = path.resolve(dir, "channel.json");
  const source = shown(file);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new TenantDefinitionError(`${source}: ${(error as Error).message}`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new TenantDefinitionError(`${source}: must be a JSON object`);
  for (const step of steps) await step(dir, raw as RawDefinition, source);
  const catalogueSource = (await exists(path.join(dir, CATALOGUE_FILE))) ? shown(path.resolve(dir, CATALOGUE_FILE)) : undefined;
  const definition = parseTenantDefinition(raw, alias, source, catalogueSource);
  const files = await readImages(path.join(dir, "images"));
  const known = new Set(files.map((f) => f.path));
  const missing = imageRefs(definition).filter((r) => isLocalImage(r.ref) && !known.has(r.ref));
  if (missing.length) {
    const where = (at: string) => (catalogueSource && at.startsWith("catalogue.") ? `${catalogueSource}: ${at.slice("catalogue.".length)}` : `${source}: ${at}`);
    throw new TenantDefinitionError(missing.map((m) => `${where(m.at)}: image "${m.ref}" not found in ${path.join(path.dirname(source), "images")}/`).join("\n"));
  }
  return { dir, definition, files };
}

/** Every tenant folder (a folder with a channel.json) directly under `root`, by name. */
export async function listTenantDirs(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const dirs: string[] = [];
  for (const e of entries.filter((e) => e.isDirectory() && !e.name.startsWith(".")).sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = path.join(root, e.name);
    if ((await readdir(dir)).includes("channel.json")) dirs.push(dir);
  }
  return dirs;
}

/** Pages without inline content read pages/<content_file or url slug>.<lang>.md, one file per language. */
async function readPageContent(dir: string, raw: RawDefinition, source: string): Promise<void> {
  if (!Array.isArray(raw.pages)) return;
  for (const [i, page] of (raw.pages as Record<string, unknown>[]).entries()) {
    if (typeof page !== "object" || page === null || page.content !== undefined || typeof page.url !== "string") continue;
    const name = typeof page.content_file === "string" ? page.content_file : page.url.replace(/^\//, "").replaceAll("/", "_");
    const content: Record<string, string> = {};
    for (const lang of LANGUAGES) {
      const text = await readFile(path.join(dir, "pages", `${name}.${lang}.md`), "utf8").catch(() => null);
      if (text?.trim()) content[lang] = text.trim() + "\n";
    }
    if (!Object.keys(content).length) {
      throw new TenantDefinitionError(`${source}: pages.${i}.content: not given, and no pages/${name}.{${LANGUAGES.join(",")}}.md file found`);
    }
    page.content = content;
  }
}

/** catalogue.json, when present, becomes the definition's `catalogue` (which channel.json must then not give). */
async function readCatalogue(dir: string, raw: RawDefinition, source: string): Promise<void> {
  const file = path.join(dir, CATALOGUE_FILE);
  if (!(await exists(file))) return;
  const catalogueSource = shown(path.resolve(file));
  if (raw.catalogue !== undefined) throw new TenantDefinitionError(`${source}: catalogue: given both here and in ${catalogueSource}; keep one`);
  try {
    raw.catalogue = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new TenantDefinitionError(`${catalogueSource}: ${(error as Error).message}`);
  }
}

/** users.json, when present, becomes the definition's `users`, validated here and with the passwords hashed. */
async function readUsers(dir: string, raw: RawDefinition, source: string): Promise<void> {
  const file = path.join(dir, USERS_FILE);
  if (!(await exists(file))) return;
  const usersSource = shown(path.resolve(file));
  if (raw.users !== undefined) throw new TenantDefinitionError(`${source}: users: give demo accounts in ${usersSource} only`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new TenantDefinitionError(`${usersSource}: ${(error as Error).message}`);
  }
  const result = usersFileSchema.safeParse(parsed);
  if (!result.success) throw new TenantDefinitionError(formatIssues(usersSource, result.error.issues));
  raw.users = await hashTenantUsers(result.data);
}

/**
 * products.json, when present, becomes the definition's `products`: validated here, with the sports, teams and
 * events it names checked against catalogue.json, so problems are reported against products.json.
 */
async function readProducts(dir: string, raw: RawDefinition, source: string): Promise<void> {
  const file = path.join(dir, PRODUCTS_FILE);
  if (!(await exists(file))) return;
  const productsSource = shown(path.resolve(file));
  if (raw.products !== undefined) throw new TenantDefinitionError(`${source}: products: give them in ${productsSource} only`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new TenantDefinitionError(`${productsSource}: ${(error as Error).message}`);
  }
  const result = productsFileSchema.safeParse(parsed);
  if (!result.success) throw new TenantDefinitionError(formatIssues(productsSource, result.error.issues));
  const catalogue = (raw.catalogue ?? {}) as Record<string, unknown>;
  const namesOf = (section: string, field: string) =>
    new Set((Array.isArray(catalogue[section]) ? (catalogue[section] as Record<string, unknown>[]) : []).map((x) => String(x?.[field])));
  const issues = productRefIssues(result.data, { sports: namesOf("sports", "alias"), teams: namesOf("teams", "alias"), events: namesOf("events", "key") });
  if (issues.length) throw new TenantDefinitionError(issues.map((i) => `${productsSource}: ${i.path.join(".")}: ${i.message}`).join("\n"));
  raw.products = result.data;
}

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

async function readImages(root: string): Promise<TenantFile[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw e;
  });
  const files: TenantFile[] = [];
  for (const e of entries) {
    if (!e.isFile() || e.name.startsWith(".")) continue;
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(root, full).split(path.sep).join("/");
    if (!IMAGE_PATH_PATTERN.test(rel) || rel.includes("..")) throw new TenantDefinitionError(`${full}: file name must be letters, numbers, '.', '_', '-'`);
    const contentType = CONTENT_TYPES[path.extname(e.name).toLowerCase()];
    if (!contentType) throw new TenantDefinitionError(`${full}: unsupported image type (use ${Object.keys(CONTENT_TYPES).join(", ")})`);
    files.push({ path: rel, bytes: new Uint8Array(await readFile(full)), contentType });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
