// The e2e tests' encoder: the one the bench uses too (scripts/lib/test-encoder.ts).
export { CLOCK_BITS, CLOCK_BOX, readClockInPage, startEncoder } from "../../../scripts/lib/test-encoder";
