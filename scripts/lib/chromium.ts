import { existsSync } from "node:fs";

// Debian's Chromium (apt-get install chromium), as every browser run here launches it: e2e, bench JS sizes and
// Lighthouse. Playwright's own browser download is not reachable on these machines.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser the e2e tests drive: Debian's headless shell (apt-get install chromium-headless-shell), the same engine
 * and codecs as Chromium without the browser's own UI, and what Playwright itself runs headless tests in. On two cores
 * it takes a quarter to a third less time per test than the full browser (ADR 026). The full browser where the shell is
 * not installed; the bench's Lighthouse keeps the full browser.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/**
 * Headless and offline. Even with background networking off, Chromium still asks for Google's update and account
 * hosts; the resolver rules make every name but *.localhost (and the given hosts) fail locally, with no DNS query
 * and no proxy, so nothing leaves the machine.
 */
export function chromiumArgs(loopbackHosts: string[] = []): string[] {
  const rules = ["*.localhost", ...loopbackHosts].map((h) => `MAP ${h} 127.0.0.1`);
  return [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-proxy-server",
    `--host-resolver-rules=${[...rules, "MAP * ~NOTFOUND"].join(", ")}`,
  ];
}
