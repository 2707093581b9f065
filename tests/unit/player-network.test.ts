// The player's network configuration (issue 24, ADR 019): request timeouts short enough that a cancelled or hung
// segment is asked again within seconds, and a configuration shaka itself accepts (a real shaka.Player, in Node).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MANIFEST_RETRY, NETWORK_CONFIG, SEGMENT_RETRY, type RetryParameters } from "~/features/player/network";

type Shaka = typeof import("shaka-player/dist/shaka-player.compiled-es2021.js").default;

/** The longest a series of attempts waits between them (every delay at its fuzzed maximum). */
const worstBackoff = (r: RetryParameters) =>
  Array.from({ length: r.maxAttempts - 1 }, (_, i) => r.baseDelay * r.backoffFactor ** i * (1 + r.fuzzFactor)).reduce((a, b) => a + b, 0);

describe("the retry parameters", () => {
  it.each([
    ["segments", SEGMENT_RETRY],
    ["the manifest", MANIFEST_RETRY],
  ])("of %s give up on a silent or stalled request within seconds, not shaka's 30 s", (_, r) => {
    expect(r.timeout).toBeGreaterThanOrEqual(8_000);
    expect(r.timeout).toBeLessThanOrEqual(10_000);
    expect(r.connectionTimeout).toBeGreaterThanOrEqual(4_000);
    expect(r.connectionTimeout).toBeLessThanOrEqual(5_000);
    expect(r.stallTimeout).toBe(3_000);
    // Each limit is meaningful: no connection or stall timer outlasts the whole request's.
    expect(r.connectionTimeout).toBeLessThan(r.timeout);
    expect(r.stallTimeout).toBeLessThan(r.timeout);
  });

  it("retry a segment several times, the first retry within a second", () => {
    expect(SEGMENT_RETRY.maxAttempts).toBeGreaterThanOrEqual(3);
    expect(SEGMENT_RETRY.baseDelay * (1 + SEGMENT_RETRY.fuzzFactor)).toBeLessThanOrEqual(1_000);
    // A hung first attempt plus every pause between attempts stays well under the 30 s freeze of issue 24.
    expect(SEGMENT_RETRY.connectionTimeout + worstBackoff(SEGMENT_RETRY)).toBeLessThan(15_000);
  });
});

describe("shaka accepts the configuration", () => {
  let shaka: Shaka;
  const warnings: unknown[][] = [];

  beforeAll(async () => {
    // The compiled build reads a few browser globals when it loads and when a Player listens to its window.
    const target = new EventTarget();
    vi.stubGlobal("self", globalThis);
    vi.stubGlobal("window", globalThis);
    vi.stubGlobal("navigator", { userAgent: "node", vendor: "", maxTouchPoints: 0 });
    vi.stubGlobal("addEventListener", target.addEventListener.bind(target));
    vi.stubGlobal("removeEventListener", target.removeEventListener.bind(target));
    ({ default: shaka } = await import("shaka-player/dist/shaka-player.compiled-es2021.js"));
    shaka.polyfill.installAll();
    // shaka reports an unknown key or a wrong type with console.warn / console.error (and configure() answers false).
    for (const level of ["warn", "error"] as const) vi.spyOn(console, level).mockImplementation((...args) => void warnings.push(args));
  });

  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("as the hook passes it: every key known, every value of the right type, and applied", async () => {
    const player = new shaka.Player();
    const accepted = player.configure({ manifest: NETWORK_CONFIG.manifest, streaming: { ...NETWORK_CONFIG.streaming, bufferingGoal: 20, rebufferingGoal: 2 } });
    expect(warnings).toEqual([]);
    expect(accepted).toBe(true);
    const config = player.getConfiguration();
    expect(config.streaming.retryParameters).toEqual(SEGMENT_RETRY);
    expect(config.manifest.retryParameters).toEqual(MANIFEST_RETRY);
    expect(config.streaming).toMatchObject({ stallEnabled: true, stallThreshold: 1, stallSkip: 0.1, segmentPrefetchLimit: 0, bufferingGoal: 20, rebufferingGoal: 2 });
    // Merged, not replaced: the rest of shaka's streaming and manifest defaults are still there.
    expect(config.streaming.bufferBehind).toBe(new shaka.Player().getConfiguration().streaming.bufferBehind);
    expect(config.drm.retryParameters.timeout).toBe(30_000);
    await player.destroy();
  });

  it("and shaka's own defaults are the slow ones this module replaces", () => {
    const defaults = shaka.net.NetworkingEngine.defaultRetryParameters();
    expect(defaults.timeout).toBeGreaterThan(SEGMENT_RETRY.timeout);
    expect(defaults.connectionTimeout).toBeGreaterThan(SEGMENT_RETRY.connectionTimeout);
  });
});
