// `npm run media`: renders the demo programme into media/demo/ and the demo preroll into media/promo/ (promo.ts), both
// committed (`npm start` never needs ffmpeg).
//
// One ffmpeg process draws a synthetic match (a pitch, a ball and six players moving on fixed curves, a scoreboard
// and a running game clock, crowd-like noise with a whistle at each goal) and encodes it once into DASH + HLS
// (fMP4 segments shared by both), plus the poster, the thumbnails and full-size frames; captions.ts writes the captions (WebVTT, en and
// fr) from the same goals and clock. Everything comes from lavfi sources with fixed
// seeds and a fixed x264 thread count, so the same ffmpeg build gives the same bytes. Then describe.ts checks every
// segment with ffprobe and writes media.json.
//
//   npm run media -- [--only demo|promo] [--duration <s>] [--out <dir>]
// --duration is the programme's; --out (with --only) renders that one asset elsewhere.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { CMAF_CHUNK_S } from "../../api/services/cmaf-chunks";
import { addCaptions, CAPTION_TRACKS, GOALS } from "./captions";
import { describeAsset, SEGMENT_S } from "./describe";
import { ffmpeg } from "./ffmpeg";
import { PROMO_DURATION_S, renderPromo } from "./promo";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FPS = 25;
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
const THUMB_EVERY_S = 10;
const POSTER_AT_S = 24;
/**
 * Stream order = representation id: 0 = 360p, 1 = 720p, 2 = audio. Targets, not results: the flat synthetic picture
 * needs less than 400k at 720p, so x264 stays below it and media/demo ends far under its 12 MB budget.
 */
const VIDEO = [
  { width: 640, height: 360, bitrate: "120k", maxrate: "160k", bufsize: "320k" },
  { width: 1280, height: 720, bitrate: "400k", maxrate: "520k", bufsize: "1040k" },
];
const AUDIO_BITRATE = "64k";

const { values: args } = parseArgs({
  options: { duration: { type: "string", default: "120" }, out: { type: "string" }, only: { type: "string" } },
});
const ASSETS = ["demo", "promo"] as const;

async function main() {
  if (args.only !== undefined && !ASSETS.includes(args.only as (typeof ASSETS)[number])) throw new Error(`--only expects one of ${ASSETS.join(", ")}`);
  if (args.out !== undefined && args.only === undefined) throw new Error("--out names one asset's folder: add --only demo or --only promo");
  if (!existsSync(FONT)) throw new Error(`${FONT} is missing: apt-get install fonts-dejavu-core`);
  if (args.only !== "promo") await renderDemo();
  if (args.only !== "demo") {
    const out = path.resolve(args.out ?? path.join(ROOT, "media/promo"));
    const started = performance.now();
    const r = await renderPromo(out, FONT);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`media: ${path.relative(ROOT, out)} preroll.mp4 ${PROMO_DURATION_S} s ${(r.videoBytes / 1000).toFixed(0)} kB, poster.jpg ${(r.posterBytes / 1000).toFixed(0)} kB, ${seconds} s`);
  }
}

async function renderDemo() {
  const duration = Number(args.duration);
  if (!Number.isInteger(duration) || duration <= 0 || duration % SEGMENT_S) throw new Error(`--duration must be a multiple of ${SEGMENT_S} s`);
  const out = path.resolve(args.out ?? path.join(ROOT, "media/demo"));
  const started = performance.now();

  // Rendered next to the destination and swapped in at the end, so a failed run leaves the old asset intact.
  await mkdir(path.dirname(out), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(out), ".media-"));
  try {
    const dest = path.join(work, "asset");
    await mkdir(path.join(dest, "thumbs"), { recursive: true });
    await mkdir(path.join(dest, "frames"), { recursive: true });
    await writeFile(path.join(work, "score.txt"), scoreText());
    await writeFile(path.join(work, "clock.txt"), clockText());
    await writeFile(path.join(work, "graph.txt"), filterGraph(duration, work));
    await ffmpeg(ffmpegArgs(duration, work, dest), dest);
    await ffmpeg(stillArgs(duration, dest), dest);
    await dropWallClock(dest);
    const manifest = await describeAsset(dest, duration, THUMB_EVERY_S, CAPTION_TRACKS);
    // The captions (WebVTT, one per language) are text written from the same goals as the picture: no re-encode.
    await addCaptions(dest, duration);
    await writeFile(path.join(dest, "media.json"), JSON.stringify(manifest, null, 2) + "\n");
    await rm(out, { recursive: true, force: true });
    await rename(dest, out);
    const mb = manifest.streams.reduce((n, s) => n + s.size, 0) / 1e6;
    const streams = manifest.streams.map((s) => `${s.id}=${s.kind}${s.height ? ` ${s.height}p` : ""} ${Math.round(s.bandwidth / 1000)} kb/s`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`media: ${path.relative(ROOT, out)} ${manifest.segment_count} × ${SEGMENT_S} s, ${streams.join(", ")}, ${mb.toFixed(2)} MB of segments, ${seconds} s`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** drawtext reads these from files, so its `%{eif:…}` expressions need no filtergraph escaping. */
function scoreText(): string {
  const goals = (times: number[]) => times.map((t) => `gte(t,${t})`).join("+") || "0";
  return `HOME  %{eif:${goals(GOALS.home)}:d}  –  %{eif:${goals(GOALS.away)}:d}  AWAY`;
}

/** Two periods of a minute each and a running mm:ss clock of the programme. */
function clockText(): string {
  return "P%{eif:1+gte(t,60):d}   %{eif:trunc(t/60):d:2}:%{eif:trunc(mod(t,60)):d:2}";
}

function filterGraph(duration: number, work: string): string {
  const src = (spec: string) => `${spec}:r=${FPS}:d=${duration}`;
  const text = (file: string, extra: string) => `drawtext=fontfile=${FONT}:textfile=${path.join(work, file)}:expansion=normal:fontcolor=white:${extra}`;
  // The ball and players follow sums of sines: deterministic, never still, and cheap to evaluate per frame.
  const ballX = "640+470*sin(0.9*t)*cos(0.23*t)-12";
  const ballY = "390+230*sin(1.3*t+1)-12";
  const players = [
    ["0xd32f2f", "0.55*(640+470*sin(0.9*t-0.4)*cos(0.23*t))+180", "390+200*sin(1.1*t+0.3)"],
    ["0xd32f2f", "0.7*(640+470*sin(0.9*t-0.6)*cos(0.23*t))+60", "300+150*sin(0.7*t+2)"],
    ["0xd32f2f", "160+60*sin(0.4*t)", "390+120*sin(0.9*t)"],
    ["0x1565c0", "0.55*(640+470*sin(0.9*t-0.5)*cos(0.23*t))+400", "390+200*sin(1.2*t+2.1)"],
    ["0x1565c0", "0.7*(640+470*sin(0.9*t-0.3)*cos(0.23*t))+330", "480+150*sin(0.8*t+1)"],
    ["0x1565c0", "1100+60*sin(0.5*t+1)", "390+120*sin(0.8*t+2)"],
  ];
  const stripes = [0, 2, 4, 6].map((i) => `drawbox=x=${i * 160}:y=0:w=160:h=720:c=0x2e7d32:t=fill`).join(",");
  const lines = [
    "drawbox=x=60:y=110:w=1160:h=560:c=white@0.85:t=4",
    "drawbox=x=638:y=110:w=4:h=560:c=white@0.85:t=fill",
    "drawbox=x=60:y=270:w=150:h=240:c=white@0.85:t=4",
    "drawbox=x=1070:y=270:w=150:h=240:c=white@0.85:t=4",
    "drawbox=x=590:y=340:w=100:h=100:c=white@0.85:t=4",
  ].join(",");
  const goalWindows = [...GOALS.home, ...GOALS.away].map((t) => `between(t,${t},${t + 3})`).join("+");
  const whistle = [...GOALS.home, ...GOALS.away].map((t) => `between(t,${t},${t + 0.6})`).join("+");

  const graph = [
    `${src("color=c=0x388e3c:s=1280x720")},${stripes},${lines}[pitch]`,
    `${src("color=c=white:s=24x24")},format=rgba,geq=r=255:g=255:b=255:a='if(lte(hypot(X-11.5,Y-11.5),11),255,0)'[ball]`,
    ...players.map(([c], i) => `${src(`color=c=${c}:s=22x44`)}[p${i}]`),
  ];
  let last = "pitch";
  players.forEach(([, x, y], i) => {
    graph.push(`[${last}][p${i}]overlay=x='${x}-11':y='${y}-22':shortest=1[o${i}]`);
    last = `o${i}`;
  });
  graph.push(
    `[${last}][ball]overlay=x='${ballX}':y='${ballY}':shortest=1,` +
      "drawbox=x=40:y=24:w=470:h=60:c=black@0.75:t=fill,drawbox=x=520:y=24:w=210:h=60:c=0x0d47a1@0.9:t=fill," +
      `${text("score.txt", "fontsize=32:x=58:y=38")},${text("clock.txt", "fontsize=32:x=538:y=38")},` +
      `drawtext=fontfile=${FONT}:text=GOAL!:fontsize=120:fontcolor=yellow:borderw=6:x=(w-text_w)/2:y=(h-text_h)/2:enable='${goalWindows}',` +
      `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontsize=22:fontcolor=white@0.8:x=w-text_w-24:y=h-44,` +
      "format=yuv420p,split=2[v720][s360]",
    `[s360]scale=${VIDEO[0].width}:${VIDEO[0].height}:flags=bicubic[v360]`,
    `anoisesrc=c=pink:r=48000:a=0.06:seed=7:d=${duration},lowpass=f=3000[crowd]`,
    `sine=f=110:r=48000:d=${duration},volume=0.04[hum]`,
    `sine=f=2400:r=48000:d=${duration},volume='0.25*(${whistle})':eval=frame[whistle]`,
    "[crowd][hum][whistle]amix=inputs=3:normalize=0,aformat=sample_rates=48000:channel_layouts=stereo," +
      `atrim=end_sample=${audioSamples(duration)}[aout]`,
  );
  return graph.join(";\n") + "\n";
}

/**
 * The encoder's priming frame puts the first AAC packet at -1024 samples and the DASH muxer counts audio segments
 * from there, so a full-length track leaves a last frame alone in an extra segment. One frame less keeps the audio
 * segment count equal to the video's (the track ends ≤ 21 ms early).
 */
function audioSamples(duration: number): number {
  return (Math.ceil((duration * 48000) / 1024) - 1) * 1024;
}

function ffmpegArgs(duration: number, work: string, dest: string): string[] {
  const gop = SEGMENT_S * FPS;
  const video = VIDEO.flatMap((v, i) => [`-b:v:${i}`, v.bitrate, `-maxrate:v:${i}`, v.maxrate, `-bufsize:v:${i}`, v.bufsize]);
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-filter_complex_script", path.join(work, "graph.txt")],
    // DASH + HLS: stream 0 = 360p, 1 = 720p, 2 = audio.
    ...["-map", "[v360]", "-map", "[v720]", "-map", "[aout]", "-t", String(duration)],
    // No B-frames: they put video DTS two frames before PTS, and the DASH muxer cuts the audio segments when a video
    // keyframe arrives (by DTS), which made every audio segment end 80 ms early.
    ...["-c:v", "libx264", "-profile:v", "main", "-preset", "medium", "-bf", "0", "-pix_fmt", "yuv420p", "-r", String(FPS), ...video],
    // A keyframe exactly every 2 s and nowhere else, so every segment of every rendition starts on one.
    ...["-g", String(gop), "-keyint_min", String(gop), "-sc_threshold", "0", "-force_key_frames", `expr:gte(t,n_forced*${SEGMENT_S})`],
    // x264's bytes depend on its thread count (two runs with two threads differed); one thread is the same anywhere.
    ...["-x264-params", "threads=1", "-c:a", "aac", "-b:a", AUDIO_BITRATE, "-ar", "48000", "-ac", "2"],
    ...["-map_metadata", "-1", "-fflags", "+bitexact", "-flags", "+bitexact"],
    ...["-f", "dash", "-dash_segment_type", "mp4", "-seg_duration", String(SEGMENT_S), "-use_template", "1", "-use_timeline", "0"],
    // Each segment is made of half-second CMAF chunks (a moof + mdat each), as an encoder's live broadcast is: the
    // simulated live serves them as their time comes (low latency, issue 26).
    ...["-frag_type", "duration", "-frag_duration", String(CMAF_CHUNK_S)],
    ...["-hls_playlist", "1", "-adaptation_sets", "id=0,streams=v id=1,streams=a", path.join(dest, "manifest.mpd")],
  ];
}

/**
 * The poster and thumbnails, from the 720p rendition just encoded (init + chunks, as a player reads them). A separate
 * pass because sparse outputs in the encode make ffmpeg buffer every full frame for the others: gigabytes.
 */
function stillArgs(duration: number, dest: string): string[] {
  const chunks = Array.from({ length: duration / SEGMENT_S }, (_, i) => `chunk-stream1-${String(i + 1).padStart(5, "0")}.m4s`);
  const posterFrame = Math.min(POSTER_AT_S, duration / 2) * FPS;
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", `concat:${["init-stream1.m4s", ...chunks].join("|")}`],
    ...["-filter_complex", `[0:v]split=3[a][b][c];[a]select='not(mod(n,${THUMB_EVERY_S * FPS}))',scale=320:180[thumbs];[b]select='eq(n,${posterFrame})'[poster];[c]select='not(mod(n,${THUMB_EVERY_S * FPS}))'[frames]`],
    ...["-map", "[thumbs]", "-fps_mode", "vfr", "-q:v", "4", "-start_number", "0", "-flags", "+bitexact", "thumbs/thumb-%03d.jpg"],
    // The same moments at full size (issue 28): the posters of the clips cut from it.
    ...["-map", "[frames]", "-fps_mode", "vfr", "-q:v", "4", "-start_number", "0", "-flags", "+bitexact", "frames/frame-%05d.jpg"],
    ...["-map", "[poster]", "-fps_mode", "vfr", "-q:v", "3", "-flags", "+bitexact", "-update", "1", "poster.jpg"],
  ];
}

/** ffmpeg stamps each HLS segment with the encoding time, which would make every run differ; a VOD asset needs none. */
async function dropWallClock(dir: string) {
  for (const f of (await readdir(dir)).filter((f) => f.endsWith(".m3u8"))) {
    const text = await readFile(path.join(dir, f), "utf8");
    await writeFile(path.join(dir, f), text.replace(/^#EXT-X-PROGRAM-DATE-TIME:.*\n/gm, ""));
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
