// Whether the picture waits for data while it should play (issue 28: a spinner the viewer can see on any channel).
// Set by the video's "waiting" while it plays, cleared by what says the picture moves or stopped on purpose.
import { useEffect, useState, type RefObject } from "react";

const STARTS = ["waiting"] as const;
const ENDS = ["playing", "canplay", "pause", "seeked", "emptied", "ended"] as const;

export function useBuffering(videoRef: RefObject<HTMLVideoElement>): boolean {
  const [buffering, setBuffering] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const start = () => setBuffering(!video.paused);
    const end = () => setBuffering(false);
    for (const type of STARTS) video.addEventListener(type, start);
    for (const type of ENDS) video.addEventListener(type, end);
    return () => {
      for (const type of STARTS) video.removeEventListener(type, start);
      for (const type of ENDS) video.removeEventListener(type, end);
    };
  }, [videoRef]);
  return buffering;
}
