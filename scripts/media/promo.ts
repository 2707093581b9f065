// The demo preroll (media/promo/): a 6 s sponsor card as one progressive MP4 plus its poster. Prerolls play through
// a plain <video src> before the programme, so this is a single faststart file (moov first: playback can start from
// the first bytes), not DASH/HLS. Like the demo programme it comes from lavfi sources with fixed seeds and a one-thread
// x264, so the same ffmpeg build gives the same bytes.
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ffmpeg } from "./ffmpeg";

export const PROMO_DURATION_S = 6;
const FPS = 25;
const WIDTH = 640;
const HEIGHT = 360;
/** A second in: the countdown already runs and the gradients have moved off their first frame. */
const POSTER_AT_S = 1;
/** The asset's budget (docs/decisions/010): a preroll must start at once, even on a slow connection. */
const MAX_BYTES = 400_000;

export interface PromoResult {
  videoBytes: number;
  posterBytes: number;
}

/** Renders preroll.mp4 and poster.jpg into `out`, swapping the folder in only once both are made and checked. */
export async function renderPromo(out: string, font: string): Promise<PromoResult> {
  await mkdir(path.dirname(out), { recursive: true });
  // A dot folder: media-loader.ts skips it, should setup run meanwhile.
  const work = await mkdtemp(path.join(path.dirname(out), ".promo-"));
  const dest = path.join(work, "asset"); // mkdtemp's own folder is owner-only; the asset keeps the usual mode
  try {
    await mkdir(dest);
    // drawtext reads the countdown from a file, so its `%{eif:…}` expression needs no filtergraph escaping.
    await writeFile(path.join(work, "countdown.txt"), `Ad · %{eif:ceil(${PROMO_DURATION_S}-t):d}`);
    await writeFile(path.join(work, "graph.txt"), filterGraph(work, font));
    await ffmpeg(encodeArgs(work), dest);
    await ffmpeg(posterArgs(), dest);
    const result = { videoBytes: (await stat(path.join(dest, "preroll.mp4"))).size, posterBytes: (await stat(path.join(dest, "poster.jpg"))).size };
    if (result.videoBytes > MAX_BYTES) throw new Error(`preroll.mp4 is ${result.videoBytes} bytes, over its ${MAX_BYTES} budget`);
    await rm(out, { recursive: true, force: true });
    await rename(dest, out);
    return result;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function filterGraph(work: string, font: string): string {
  const d = PROMO_DURATION_S;
  const text = (extra: string) => `drawtext=fontfile=${font}:fontcolor=white:${extra}`;
  // A still card, centred (drawbox places its box once, so only the background moves); the text sits on it.
  const cardH = 200;
  const cardY = (HEIGHT - cardH) / 2;
  return [
    // Two slowly rotating gradients: always moving, flat enough to cost few bits.
    `gradients=s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${d}:c0=0x0d47a1:c1=0x6a1b9a:c2=0x00838f:n=3:speed=0.04:seed=11,` +
      `drawbox=x=30:y=${cardY}:w=580:h=${cardH}:c=black@0.55:t=fill:replace=0,` +
      `drawbox=x=30:y=${cardY}:w=580:h=4:c=0xffc107:t=fill,` +
      text(`text=Sponsored message:fontsize=42:x=(w-text_w)/2:y=${cardY + 36}`) + "," +
      text(`text=Brought to you by our partners:fontsize=24:fontcolor=white@0.85:x=(w-text_w)/2:y=${cardY + 108}`) + "," +
      text(`text=Thanks for watching:fontsize=18:fontcolor=0xffc107:x=(w-text_w)/2:y=${cardY + 150}`) + "," +
      // The small running countdown, top right: the player's skip button sits bottom right and would cover it.
      `drawbox=x=${WIDTH - 128}:y=18:w=110:h=34:c=black@0.6:t=fill,` +
      text(`textfile=${path.join(work, "countdown.txt")}:expansion=normal:fontsize=20:x=w-118:y=25`) + "," +
      "format=yuv420p[vout]",
    // A quiet two-note chime (sine's own level is 1/8, about -18 dBFS) over soft pink noise: audible proof the audio
    // track plays, never loud.
    `sine=f=523.25:r=48000:d=${d},volume='exp(-1.5*mod(t,2))':eval=frame[c1]`,
    `sine=f=659.25:r=48000:d=${d},volume='0.8*exp(-1.5*mod(t+1,2))':eval=frame[c2]`,
    `anoisesrc=c=pink:r=48000:a=0.03:seed=5:d=${d},lowpass=f=2500[bed]`,
    `[c1][c2][bed]amix=inputs=3:normalize=0,aformat=sample_rates=48000:channel_layouts=stereo[aout]`,
  ].join(";\n") + "\n";
}

function encodeArgs(work: string): string[] {
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-filter_complex_script", path.join(work, "graph.txt")],
    ...["-map", "[vout]", "-map", "[aout]", "-t", String(PROMO_DURATION_S)],
    // Main profile, level 3.0: every browser and phone decodes it in hardware. A keyframe each second for seeking.
    ...["-c:v", "libx264", "-profile:v", "main", "-level", "3.0", "-preset", "medium", "-pix_fmt", "yuv420p", "-r", String(FPS)],
    ...["-b:v", "300k", "-maxrate", "400k", "-bufsize", "800k", "-g", String(FPS), "-keyint_min", String(FPS), "-sc_threshold", "0"],
    // One x264 thread: its output depends on the thread count (see generate.ts).
    ...["-x264-params", "threads=1", "-c:a", "aac", "-b:a", "64k", "-ar", "48000", "-ac", "2"],
    ...["-map_metadata", "-1", "-fflags", "+bitexact", "-flags", "+bitexact"],
    // faststart rewrites the file with the moov box before mdat, so a browser can play while it downloads.
    ...["-movflags", "+faststart", "preroll.mp4"],
  ];
}

/** The poster, from the encoded file (what a viewer sees before the first frame arrives). */
function posterArgs(): string[] {
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", "preroll.mp4"],
    ...["-vf", `select='eq(n,${POSTER_AT_S * FPS})'`, "-fps_mode", "vfr", "-frames:v", "1", "-q:v", "3", "-flags", "+bitexact", "poster.jpg"],
  ];
}
