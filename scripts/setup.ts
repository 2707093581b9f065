// `npm run setup`: applies the D1 migrations locally and loads every tenant folder into local D1/R2/KV and the demo
// media (media/**) into local R2, in the same state directory `wrangler dev` uses. Idempotent; safe to run before
// every start. It also writes `.dev.vars` when missing (local development's opt-in: scripts/lib/dev-vars.ts).
//
//   npm run setup -- [--persist-to <dir>] [--tenants <dir>]...
//
// --persist-to  state directory, as for `wrangler dev --persist-to` (default .wrangler/state)
// --tenants     another folder of tenant folders to load besides tenants/ (repeatable; e2e passes tests/fixtures/tenants)
import { parseArgs } from "node:util";
import { TenantDefinitionError } from "../api/channels/definition";
import { ensureDevVars } from "./lib/dev-vars";
import { setupLocalState } from "./lib/setup";

const { values: args } = parseArgs({
  options: {
    "persist-to": { type: "string" },
    tenants: { type: "string", multiple: true, default: [] },
    help: { type: "boolean", short: "h" },
  },
});

if (args.help) {
  console.log("Usage: npm run setup -- [--persist-to <dir>] [--tenants <dir>]...");
} else {
  const devVars = ensureDevVars();
  if (devVars === "written") console.log("setup: wrote .dev.vars (APP_ENV=development and secrets of this machine)");
  if (devVars === "completed") console.log("setup: added APP_ENV=development to .dev.vars");
  await setupLocalState({ persistTo: args["persist-to"], tenants: args.tenants }).catch((error: unknown) => {
    console.error(error instanceof TenantDefinitionError ? `setup: invalid tenant definition\n${error.message}` : error);
    process.exit(1);
  });
}
