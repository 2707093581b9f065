// Hands the worker tests the template channels (workerd cannot read the host's disk): each tenant folder a test
// channel can be made from, read by the tenant reader as `npm run setup` reads it (definition with hashed passwords,
// images base64), and its demo accounts with their plain passwords, through `inject("templates")`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { readTenant } from "../../scripts/lib/tenant-reader";

/** The demo channels (tenants/) and the fixture tenants (tests/fixtures/tenants/) a test channel can be made from. */
export type Template = "alpha" | "beta" | "offline";

export interface TemplateSource {
  /** The definition as the tenant reader gives it (users' passwords hashed). */
  definition: Record<string, unknown>;
  images: { path: string; contentType: string; base64: string }[];
  /** users.json: the demo accounts with their passwords in plain text. */
  users: { email: string; password: string; first_name: string; last_name: string }[];
}

declare module "vitest" {
  export interface ProvidedContext {
    templates: Record<Template, TemplateSource>;
  }
}

const TEMPLATES: Record<Template, string> = { alpha: "tenants/alpha", beta: "tenants/beta", offline: "tests/fixtures/tenants/offline" };

export default async function setup(project: TestProject) {
  const entries = await Promise.all(
    Object.entries(TEMPLATES).map(async ([template, dir]) => {
      const folder = path.join(project.config.root, dir);
      const { definition, files } = await readTenant(folder);
      const usersFile = path.join(folder, "users.json");
      const source: TemplateSource = {
        definition: JSON.parse(JSON.stringify(definition)) as Record<string, unknown>,
        images: files.map((f) => ({ path: f.path, contentType: f.contentType, base64: Buffer.from(f.bytes).toString("base64") })),
        users: existsSync(usersFile) ? (JSON.parse(readFileSync(usersFile, "utf8")) as TemplateSource["users"]) : [],
      };
      return [template, source] as const;
    }),
  );
  project.provide("templates", Object.fromEntries(entries) as Record<Template, TemplateSource>);
}
