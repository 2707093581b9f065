// The seeker (app/features/player/seek.ts): a gap jump onto the buffer a viewer's seek left behind is undone; a jump
// over a real gap, one long after the seek, or one that keeps coming back is left to shaka.
import { describe, expect, it } from "vitest";
import { createSeeker, SEEK_HOLD_MS, SEEK_HOLD_RETRIES } from "~/features/player/seek";

/** A media element as far as the seeker sees it: a position, buffered ranges, and every position set on it. */
function media(at: number, ranges: Array<[number, number]>) {
  const sets: number[] = [];
  let currentTime = at;
  const el = {
    buffered: { length: ranges.length, start: (i: number) => ranges[i][0], end: (i: number) => ranges[i][1] } as TimeRanges,
    get currentTime() {
      return currentTime;
    },
    set currentTime(t: number) {
      sets.push(t);
      currentTime = t;
    },
  };
  /** Shaka's gap jumper: moves the position without the seeker, then fires its event. */
  const jumpTo = (t: number) => {
    currentTime = t;
    source.dispatchEvent(new Event("gapjumped"));
  };
  const source = new EventTarget();
  return { el: el as unknown as HTMLMediaElement, source, sets, jumpTo, setBuffered: (r: Array<[number, number]>) => ranges.splice(0, ranges.length, ...r) };
}

describe("a viewer's seek", () => {
  it("is put back when shaka jumps onto the range buffered before it", () => {
    const m = media(1468.76, [[1466, 1470]]);
    const clock = { now: 0 };
    const seeker = createSeeker(m.el, m.source, () => clock.now);
    seeker.seek(1458.76);
    clock.now += 10;
    m.jumpTo(1466);
    expect(m.el.currentTime).toBe(1458.76);
    expect(m.sets).toEqual([1458.76, 1458.76]);
  });

  it("is left alone when the jump crosses a gap buffered after the seek (a real gap in the stream)", () => {
    const m = media(1500, [[1496, 1502]]);
    const clock = { now: 0 };
    const seeker = createSeeker(m.el, m.source, () => clock.now);
    seeker.seek(1300);
    m.setBuffered([[1304, 1310]]);
    m.jumpTo(1304);
    expect(m.el.currentTime).toBe(1304);
    expect(m.sets).toEqual([1300]);
  });

  it("is left alone once the hold is over, or after its retries", () => {
    const late = media(1468, [[1466, 1470]]);
    const clock = { now: 0 };
    createSeeker(late.el, late.source, () => clock.now).seek(1458);
    clock.now += SEEK_HOLD_MS + 1;
    late.jumpTo(1466);
    expect(late.el.currentTime).toBe(1466);

    const stubborn = media(1468, [[1466, 1470]]);
    createSeeker(stubborn.el, stubborn.source, () => 0).seek(1458);
    for (let i = 0; i <= SEEK_HOLD_RETRIES; i++) stubborn.jumpTo(1466);
    expect(stubborn.el.currentTime).toBe(1466);
    expect(stubborn.sets).toHaveLength(1 + SEEK_HOLD_RETRIES);
  });

  it("stops listening when released", () => {
    const m = media(1468, [[1466, 1470]]);
    const seeker = createSeeker(m.el, m.source, () => 0);
    seeker.seek(1458);
    seeker.release();
    m.jumpTo(1466);
    expect(m.el.currentTime).toBe(1466);
  });
});
