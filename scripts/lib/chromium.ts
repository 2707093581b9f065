// Debian's Chromium (apt-get install chromium), as every browser run here launches it: e2e, bench JS sizes and
// Lighthouse. Playwright's own browser download is not reachable on these machines.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
