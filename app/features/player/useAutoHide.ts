// Runs the controls' auto-hide (auto-hide.ts) on the player's element: pointer movement, keys and focus show the
// controls; HIDE_AFTER_MS later, while playing, they hide. A tap on the picture toggles them (touch), the mouse
// leaving the player hides them at once while playing.
import { useCallback, useEffect, useReducer, type RefObject } from "react";
import { autoHide, HIDE_AFTER_MS, hideTimerArmed, INITIAL_AUTO_HIDE } from "./auto-hide";

export function useAutoHide(rootRef: RefObject<HTMLElement>, playing: boolean, held: boolean) {
  const [state, dispatch] = useReducer(autoHide, INITIAL_AUTO_HIDE);
  useEffect(() => dispatch({ type: "playing", playing }), [playing]);
  useEffect(() => dispatch({ type: "hold", held }), [held]);

  const armed = hideTimerArmed(state);
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => dispatch({ type: "idle" }), HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [armed, state.since]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const activity = () => dispatch({ type: "activity" });
    // A touch's own pointer events are the tap (handled on the picture), not a hover.
    const move = (e: PointerEvent) => e.pointerType !== "touch" && activity();
    const leave = (e: PointerEvent) => e.pointerType === "mouse" && dispatch({ type: "idle" });
    root.addEventListener("pointermove", move);
    root.addEventListener("pointerleave", leave);
    root.addEventListener("keydown", activity);
    root.addEventListener("focusin", activity);
    return () => {
      root.removeEventListener("pointermove", move);
      root.removeEventListener("pointerleave", leave);
      root.removeEventListener("keydown", activity);
      root.removeEventListener("focusin", activity);
    };
  }, [rootRef]);

  const toggle = useCallback(() => dispatch({ type: "toggle" }), []);
  const show = useCallback(() => dispatch({ type: "activity" }), []);
  return { shown: state.shown, toggle, show };
}
