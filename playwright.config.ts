import { defineConfig, devices } from "@playwright/test";
import { E2E_CHROMIUM_PATH, chromiumArgs } from "./scripts/lib/chromium";

const PORT = Number(process.env.E2E_PORT ?? 8788);

// A custom domain of the alpha demo channel resolves to loopback too, for the custom-domain test; so do the domains
// owners add in the console tests (issue 16).
const CHROMIUM_ARGS = chromiumArgs(["alpha-sports.test", "*.domains.test"]);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // In CI a failed test may run once more, so one unlucky run does not cost a whole submission; a test that passed
  // only on its retry is still a defect: the list reporter marks it "flaky", and its cause is found and fixed.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Two workers, two Chromiums and workerd share 2 cores: a test that takes 25 s alone can take twice that in the run.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Recording a trace (screencast and DOM snapshots of every step) costs about a seventh of the run's CPU on two
    // cores: CI records one on a failed test's retry, which is where its cause is looked for; locally every failure
    // keeps one (`--trace on` records them all).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Desktop (1366×900, the size the product is reviewed at): every spec.
    { name: "main", use: { viewport: { width: 1366, height: 900 } } },
    // A 390×844 touch phone: the specs named `*.responsive.spec.ts` run here too (player, shell, search), so the
    // viewer-experience assertions hold on both sizes. A test reads `testInfo.project.name` where they differ.
    {
      name: "mobile",
      testMatch: /\.responsive\.spec\.ts$/,
      use: {
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
      },
    },
  ],
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    // The e2e server (Miniflare) opens its port once the worker is ready.
    port: PORT,
    // Locally a server left running (`E2E_PORT=… tsx scripts/e2e-server.ts`) is reused between runs; CI starts its own.
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
