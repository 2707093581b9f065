import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Two projects: `unit` (pure rules, in Node) and `api` (the API inside workerd, on real local D1/R2/KV).
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest(async () => ({
            main: "./api/worker.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations") },
            },
          })),
        ],
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          setupFiles: ["tests/api/setup.ts"],
          // A local OAuth/OIDC server for the Google / Facebook sign-in tests (its URL: inject("oauthIssuer")).
          // The real demo media files some tests upload to R2 (inject("demoMedia")).
          // A stand-in for Cloudflare Stream's REST API, reached through CLOUDFLARE_API_BASE (inject("streamApi")).
          globalSetup: ["tests/api/oauth.global-setup.ts", "tests/api/media.global-setup.ts", "tests/api/stream.global-setup.ts"],
        },
      },
    ],
  },
});
