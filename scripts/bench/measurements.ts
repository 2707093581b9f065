import { clipReadyMeasurement } from "./clip-ready";
import { firstFrameMeasurement } from "./first-frame";
import { jsSizeMeasurement } from "./js-size";
import { lighthouseMeasurement } from "./lighthouse";
import { loadMeasurement, serverTimingMeasurement } from "./load";
import type { Measurement } from "./types";

/**
 * The measurements, run in this order, each over all targets it applies to before the next starts
 * (so a browser never competes with autocannon for CPU).
 *
 * A new one is a `Measurement` here with a result field in `TargetResult` (types.ts).
 * `--no-<name>` on the command line skips a measurement whose name is in `OPTIONAL_MEASUREMENTS`.
 */
export const MEASUREMENTS: Measurement[] = [
  loadMeasurement,
  serverTimingMeasurement,
  jsSizeMeasurement,
  firstFrameMeasurement,
  clipReadyMeasurement,
  lighthouseMeasurement,
];

export const OPTIONAL_MEASUREMENTS: string[] = [firstFrameMeasurement.name, clipReadyMeasurement.name, lighthouseMeasurement.name];
