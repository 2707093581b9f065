// When the player's controls show (issue 15): while playing they hide after HIDE_AFTER_MS without pointer or keyboard
// activity; they show on any movement, key or focus, and always while paused or while something holds them (a menu
// is open, the mouse rests on the bar, the keyboard focus is in it). A tap on the picture shows or hides them. Pure:
// the hook in useAutoHide.ts runs the timer.

/** The product's delay: 3 s without activity. */
export const HIDE_AFTER_MS = 3000;

export interface AutoHideState {
  shown: boolean;
  playing: boolean;
  held: boolean;
  /** Counts the activity, so the timer restarts on each one. */
  since: number;
}

export type AutoHideInput =
  | { type: "activity" }
  | { type: "toggle" }
  | { type: "playing"; playing: boolean }
  | { type: "hold"; held: boolean }
  | { type: "idle" };

export const INITIAL_AUTO_HIDE: AutoHideState = { shown: true, playing: false, held: false, since: 0 };

/** Whether they may hide at all: only while playing and nothing holds them. */
const mayHide = (s: AutoHideState) => s.playing && !s.held;

export function autoHide(state: AutoHideState, input: AutoHideInput): AutoHideState {
  switch (input.type) {
    case "activity":
      return { ...state, shown: true, since: state.since + 1 };
    case "toggle":
      // Hidden: show (and restart the timer). Shown: hide, unless they must stay.
      return state.shown && mayHide(state) ? { ...state, shown: false } : { ...state, shown: true, since: state.since + 1 };
    case "playing":
      return input.playing === state.playing ? state : { ...state, playing: input.playing, shown: input.playing ? state.shown : true, since: state.since + 1 };
    case "hold":
      return input.held === state.held ? state : { ...state, held: input.held, shown: input.held ? true : state.shown, since: state.since + 1 };
    case "idle":
      return mayHide(state) ? { ...state, shown: false } : state;
  }
}

/** Whether the hide timer runs: the controls show and may hide. */
export const hideTimerArmed = (s: AutoHideState) => s.shown && mayHide(s);
