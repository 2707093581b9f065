import { jsSizeMeasurement } from "./js-size";
import { lighthouseMeasurement } from "./lighthouse";
import { loadMeasurement, serverTimingMeasurement } from "./load";
import type { Measurement } from "./types";

/**
 * The measurements, run in this order, each over all targets it applies to before the next starts
 * (so a browser never competes with autocannon for CPU).
 *
 * Time to first frame joins this list with the player (issue 5).
 * Add it here as a `Measurement` with a result field in `TargetResult` (types.ts).
 * `--no-<name>` on the command line skips a measurement whose name is in `OPTIONAL_MEASUREMENTS`.
 */
export const MEASUREMENTS: Measurement[] = [loadMeasurement, serverTimingMeasurement, jsSizeMeasurement, lighthouseMeasurement];

export const OPTIONAL_MEASUREMENTS: string[] = [lighthouseMeasurement.name];
