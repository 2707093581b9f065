import { jsSizeMeasurement } from "./js-size";
import { loadMeasurement, serverTimingMeasurement } from "./load";
import type { Measurement } from "./types";

/**
 * The measurements, run in this order, each over all targets it applies to before the next starts
 * (so a browser never competes with autocannon for CPU).
 *
 * Planned, not implemented yet: Lighthouse (per route) and time to first frame (player routes).
 * Add them here as `Measurement`s with a result field in `TargetResult` (types.ts).
 */
export const MEASUREMENTS: Measurement[] = [loadMeasurement, serverTimingMeasurement, jsSizeMeasurement];
