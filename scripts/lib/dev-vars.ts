// Local development opts in here (issue 25): the committed wrangler.toml is production, and `wrangler dev` and Vite's
// platform proxy read `.dev.vars` over it. `npm start` and `npm run dev` (through `npm run setup`) write the file when
// it is missing, with development's APP_ENV and secrets of its own, so a fresh clone needs no step; a file without
// APP_ENV (one made by hand for a local OAuth issuer, as the README once said) gets the line added.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const DEV_VARS_PATH = path.join(ROOT, ".dev.vars");

const secret = () => randomBytes(32).toString("base64url");

/** KEY=value lines as wrangler reads them (dotenv: comments, optional quotes). */
export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith("#")) continue;
    vars[match[1]!] = match[2]!.replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/** The local vars, or none when the file does not exist. */
export function readDevVars(file = DEV_VARS_PATH): Record<string, string> {
  return existsSync(file) ? parseDevVars(readFileSync(file, "utf8")) : {};
}

/** Writes `.dev.vars` for local development when it is missing (or lacks APP_ENV); answers what it did. */
export function ensureDevVars(file = DEV_VARS_PATH): "written" | "completed" | "kept" {
  if (!existsSync(file)) {
    const lines = [
      "# Local development (written by `npm run setup` because this file was missing; scripts/lib/dev-vars.ts).",
      "# wrangler.toml is production: this file turns on the dev tools (outbox, local ingest, DNS stand-in) and signs",
      "# with secrets of this machine. Never deployed (.gitignore). Delete it to get a fresh one.",
      "APP_ENV=development",
      `AUTH_SECRET=${secret()}`,
      `LOCAL_INGEST_SECRET=${secret()}`,
      "",
    ];
    writeFileSync(file, lines.join("\n"), { mode: 0o600 });
    return "written";
  }
  const text = readFileSync(file, "utf8");
  if (parseDevVars(text).APP_ENV) return "kept";
  writeFileSync(file, `${text.replace(/\n?$/, "\n")}# Added by \`npm run setup\`: local development (wrangler.toml is production).\nAPP_ENV=development\n`);
  return "completed";
}
