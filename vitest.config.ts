import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { readDevVars } from "./scripts/lib/dev-vars";

// Wrangler reads a developer's .dev.vars into the test bindings too (npm start writes one with secrets of its own):
// each of its names is blanked (blank is unset, api/env.ts), so the tests run in the world they set, here or in CI.
const WITHOUT_DEV_VARS = Object.fromEntries(Object.keys(readDevVars()).map((name) => [name, ""]));

// Three levels: `unit` (pure rules, in Node), `api` (the API inside workerd, on real local D1/R2/KV) and `worker`
// (the whole Worker, web app and API, inside workerd: requests and server-rendered HTML; `npm run build` first).
// The API tests run in workerd. Starting a fresh module graph for each file costs several seconds on two cores, more
// than most files' tests, so the `api` project runs its files one after another in one isolate per vitest worker
// (isolate: false; every test makes its own channel data, and each file still gets storage of its own). The few files
// that count what a whole isolate holds (in-memory rate-limit windows per address, every channel in the database, a
// dashboard's totals) keep an isolate of their own in `api-isolated`.
const ISOLATED_API_FILES = [
  "tests/api/datalake.test.ts",
  "tests/api/devices.test.ts",
  "tests/api/handshake.test.ts",
  "tests/api/sessions.test.ts",
  "tests/api/streams.test.ts",
];

// Files that change process-wide state for good: a browser's globals stood up for shaka (whose polyfills patch them),
// and wrangler's platform proxy (importing wrangler replaces Node's global fetch dispatcher, which the Stripe SDK's
// fetch client then goes through).
const ISOLATED_UNIT_FILES = [
  "tests/unit/player-network.test.ts",
  "tests/unit/google-tag.test.ts",
  "tests/unit/tenant-loader.test.ts",
  "tests/unit/tenant-products.test.ts",
  "tests/unit/tenant-users.test.ts",
];

function apiProject(name: string, files: { include: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    plugins: [
      tsconfigPaths(),
      cloudflareTest(async () => ({
        main: "./api/worker.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // wrangler.toml is production; the API tests run as "test" (dev routes on), whatever .dev.vars says.
          bindings: { ...WITHOUT_DEV_VARS, TEST_MIGRATIONS: await readD1Migrations("./migrations"), APP_ENV: "test" },
        },
      })),
    ],
    test: {
      name,
      ...files,
      setupFiles: ["tests/api/setup.ts"],
      // A local OAuth/OIDC server for the Google / Facebook sign-in tests (its URL: inject("oauthIssuer")).
      // The real demo media files some tests upload to R2 (inject("demoMedia")).
      // A stand-in for Cloudflare Stream's REST API, reached through CLOUDFLARE_API_BASE (inject("streamApi")).
      globalSetup: ["tests/api/oauth.global-setup.ts", "tests/api/media.global-setup.ts", "tests/api/stream.global-setup.ts"],
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      // Pure rules, in Node, their files in one module graph per worker (importing a module once, not per file, halves
      // the run); the files that change process-wide state for good keep an isolate of their own. `npm run test:unit`
      // asks for two workers: vitest leaves a core to itself by default, one file at a time on two cores (92 s → 36 s).
      // The workerd levels keep the default: with two, a CI run's API level hung after its last file, queue retries
      // of finished files still running.
      {
        plugins: [tsconfigPaths()],
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], exclude: ISOLATED_UNIT_FILES, environment: "node", isolate: false },
      },
      {
        plugins: [tsconfigPaths()],
        test: { name: "unit-isolated", include: ISOLATED_UNIT_FILES, environment: "node" },
      },
      apiProject("api", { include: ["tests/api/**/*.test.ts"], exclude: ISOLATED_API_FILES, isolate: false }),
      apiProject("api-isolated", { include: ISOLATED_API_FILES }),
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest(async () => ({
            main: "./worker.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: { ...WITHOUT_DEV_VARS, TEST_MIGRATIONS: await readD1Migrations("./migrations"), APP_ENV: "test" },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          // One isolate for every file: loading the whole Worker costs seconds, and each test loads its own channel.
          isolate: false,
          // As Playwright's default: a test here renders dozens of pages, on a 2-core machine shared with others.
          testTimeout: 30_000,
          // The same schema as the API tests (tests/api/setup.ts applies the migrations).
          setupFiles: ["tests/api/setup.ts"],
          // The template channels' folders, read in Node (inject("templates")).
          globalSetup: ["tests/worker/templates.global-setup.ts"],
          // worker.ts imports the Remix server build, whose CommonJS dependencies must be pre-bundled for workerd.
          deps: {
            optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"] } },
          },
        },
      },
    ],
  },
});
