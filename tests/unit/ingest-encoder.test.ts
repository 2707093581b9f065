// What the local ingest tells the console about an encoder (issue 26): read from ffmpeg's description of its input.
import { describe, expect, it } from "vitest";
import { readEncoder } from "../../scripts/lib/ingest/live-session";

describe("readEncoder", () => {
  it("reads the codecs, the picture's size and rate, the bitrate and the sound's rate", () => {
    const log = [
      "Input #0, flv, from 'rtmp://127.0.0.1:9000/live/k':",
      "  Duration: 00:00:00.00, start: 0.000000, bitrate: N/A",
      "  Stream #0:0: Video: h264 (High), yuv420p(progressive), 1920x1080 [SAR 1:1 DAR 16:9], 6000 kb/s, 29.97 fps, 29.97 tbr, 1k tbn",
      "  Stream #0:1: Audio: aac (LC), 44100 Hz, stereo, fltp, 160 kb/s",
    ].join("\n");
    expect(readEncoder(log)).toEqual({ video_codec: "h264", width: 1920, height: 1080, fps: 29.97, video_kbps: 6000, audio_codec: "aac", audio_hz: 44100, behind_s: 0 });
  });

  it("leaves unknown what the encoder did not say (no bitrate in its metadata, no sound)", () => {
    const log = "Input #0, flv, from 'x':\n  Stream #0:0: Video: h264 (Constrained Baseline), yuv420p(progressive), 320x180, 25 fps, 25 tbr, 1k tbn\n";
    expect(readEncoder(log)).toMatchObject({ width: 320, height: 180, fps: 25, video_kbps: null, audio_codec: null, audio_hz: null });
    expect(readEncoder("Input #0, flv, from 'x':\n")).toMatchObject({ video_codec: null, width: null });
  });
});
