import path from "node:path";
import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import type { GetManualChunk } from "rollup";
import { defineConfig, type Plugin, type ViteDevServer } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import type { getLoadContext as GetLoadContext } from "./app/server/load-context";
import { isForeignMutation } from "./app/server/security.server";

// In dev the load context (and through it the API) is loaded through Vite's module graph, so path aliases
// resolve and server code hot-reloads. worker.ts imports the same getLoadContext in production.
let devServer: ViteDevServer | undefined;
const captureDevServer: Plugin = { name: "capture-dev-server", configureServer: (server) => void (devServer = server) };

// The same refusal of cross-origin form posts as worker.ts, so `npm run dev` behaves like `npm start`.
const refuseForeignMutations: Plugin = {
  name: "refuse-foreign-mutations",
  configureServer: (server) =>
    void server.middlewares.use((req, res, next) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, { method: req.method, headers });
      if (req.url?.startsWith("/api/") || !isForeignMutation(request)) return next();
      res.statusCode = 403;
      res.end("Cross-origin form submissions are not accepted.\n");
    }),
};
// resvg's WebAssembly (the API's share images, docs/decisions/037). The server build leaves the import for wrangler,
// whose bundler makes it a compiled module (Workers compile no WebAssembly at run time); in dev (Node) it is compiled
// from the file. The client build never meets it: only the API imports it.
const RESVG_WASM = "@resvg/resvg-wasm/index_bg.wasm";
const resvgWasm: Plugin = {
  name: "resvg-wasm",
  enforce: "pre",
  resolveId(id, _importer, options) {
    if (id !== RESVG_WASM) return null;
    if (!options?.ssr) throw new Error(`${RESVG_WASM} is for the Worker only; it must not reach a browser bundle`);
    return devServer ? "\0resvg-wasm" : { id, external: true };
  },
  load(id) {
    if (id !== "\0resvg-wasm") return null;
    const file = JSON.stringify(path.resolve("node_modules", RESVG_WASM));
    return `import { readFileSync } from "node:fs"; export default new WebAssembly.Module(readFileSync(${file}));`;
  },
};

const getLoadContext: typeof GetLoadContext = async (args) => {
  const mod = (await devServer!.ssrLoadModule("/app/server/load-context.ts")) as { getLoadContext: typeof GetLoadContext };
  return mod.getLoadContext(args);
};

// Every page loads the entry and the root route, and with them everything they import: React, Remix and the shell's
// own small modules (about twenty files of a few hundred bytes each). One "shell" chunk holds all of them, so a page
// asks for one file where it asked for twenty: on HTTP/1.1 (six connections) each request costs a round trip.
// What only some routes use stays in the chunks Rollup makes for them.
const SHELL_ENTRIES = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx$/];
let shellModules: Set<string> | null = null;
const shellChunk: GetManualChunk = (id, { getModuleIds, getModuleInfo }) => {
  if (!shellModules) {
    shellModules = new Set();
    const stack = [...getModuleIds()].filter((m) => SHELL_ENTRIES.some((re) => re.test(m)));
    const entries = new Set(stack);
    while (stack.length) {
      for (const next of getModuleInfo(stack.pop()!)?.importedIds ?? []) {
        if (shellModules.has(next) || entries.has(next)) continue;
        shellModules.add(next);
        stack.push(next);
      }
    }
  }
  return shellModules.has(id) ? "shell" : undefined;
};

export default defineConfig(({ isSsrBuild }) => ({
  // The client build only: the server is one bundle.
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: shellChunk } } },
  plugins: [
    captureDevServer,
    resvgWasm,
    refuseForeignMutations,
    // Same bindings (local D1, R2, KV, Queues) as worker.ts under `wrangler dev`.
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      ignoredRouteFiles: ["**/*.server.ts", "**/*.test.ts", "**/*.css"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        // Off: Single Fetch hydrates through a Suspense stream, which needs streaming SSR (docs/decisions/004).
        v3_singleFetch: false,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
  ],
  // Channels are served on <alias>.localhost in development.
  server: { allowedHosts: [".localhost"] },
  // Pre-bundled up front: otherwise the optimiser finds these on a first visit to /watch or /buy and reloads the page
  // (TOOLCHAIN).
  optimizeDeps: { include: ["shaka-player/dist/shaka-player.compiled-es2021.js", "@stripe/stripe-js/pure"] },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"] } },
}));
