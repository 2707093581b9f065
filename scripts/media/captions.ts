// The demo programme's captions (issue 15): one WebVTT file per language, written from the same facts the picture is
// drawn from (the goals, the periods, the running clock), so the cues say what the viewer sees and hears: a cue every
// 4 s, commentary-style, the whistle and each goal with the score. Text only: writing them needs no ffmpeg, and
// `addCaptions` also names them in the asset's own DASH and HLS manifests. Running it twice changes nothing.
//
//   npx tsx scripts/media/captions.ts [--out media/demo]     (re-writes only the captions of an already rendered asset)
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Cue, serializeVtt } from "../../api/services/captions";

export type CaptionLang = "en" | "fr";
export interface CaptionTrack {
  lang: CaptionLang;
  label: string;
  file: string;
}

/** Seconds into the programme when each side scores (the picture's scoreboard and GOAL banner follow them). */
export const GOALS = { home: [22, 88], away: [53] };
/** Two periods of a minute each (the picture's clock shows P1/P2). */
const PERIOD_S = 60;
const CUE_EVERY_S = 4;
const CUE_LENGTH_S = 3.5;

export const CAPTION_TRACKS: readonly CaptionTrack[] = [
  { lang: "en", label: "English", file: "captions/en.vtt" },
  { lang: "fr", label: "Français", file: "captions/fr.vtt" },
];

const COPY = {
  en: {
    welcome: "[Crowd noise] Welcome to the StreamHub demo match: Home in red, Away in blue.",
    second: "[Whistle] The second period is under way.",
    goal: (side: "home" | "away", home: number, away: number) => `[Whistle, crowd cheers] GOAL! ${side === "home" ? "Home" : "Away"} score: ${home}–${away}.`,
    play: [
      "Home keep the ball in midfield.",
      "Away press high up the pitch.",
      "A long pass out to the wing.",
      "[Crowd noise] The ball runs out for a throw-in.",
      "Away win it back and counter.",
      "Home build again from the back.",
    ],
  },
  fr: {
    welcome: "[Bruit de foule] Bienvenue au match de démonstration StreamHub : Domicile en rouge, Visiteurs en bleu.",
    second: "[Coup de sifflet] La deuxième période commence.",
    goal: (side: "home" | "away", home: number, away: number) =>
      `[Sifflet, la foule applaudit] BUT ! ${side === "home" ? "Domicile" : "Visiteurs"} marque : ${home}–${away}.`,
    play: [
      "Domicile garde le ballon au milieu de terrain.",
      "Les Visiteurs pressent haut.",
      "Une longue passe vers l’aile.",
      "[Bruit de foule] Le ballon sort pour une touche.",
      "Les Visiteurs le récupèrent et contre-attaquent.",
      "Domicile relance depuis l’arrière.",
    ],
  },
} as const;

/** The game clock the picture shows at second t ("P1 0:05"). */
const gameClock = (t: number) => `P${t >= PERIOD_S ? 2 : 1} ${Math.floor(t / 60)}:${String(Math.floor(t % 60)).padStart(2, "0")}`;

/** The cues of one language for a programme of `duration` seconds. */
export function captionCues(lang: CaptionLang, duration: number, goals = GOALS): Cue[] {
  const copy = COPY[lang];
  const all = [...goals.home.map((t) => ({ t, side: "home" as const })), ...goals.away.map((t) => ({ t, side: "away" as const }))].sort((a, b) => a.t - b.t);
  const cues: Cue[] = [];
  for (let i = 0, start = 1; start + CUE_LENGTH_S <= duration; i++, start += CUE_EVERY_S) {
    const goal = all.find((g) => g.t >= start - 1 && g.t < start + CUE_EVERY_S - 1);
    let text: string;
    if (goal) {
      const before = all.filter((g) => g.t <= goal.t);
      text = copy.goal(goal.side, before.filter((g) => g.side === "home").length, before.filter((g) => g.side === "away").length);
    } else if (i === 0) text = copy.welcome;
    else if (start >= PERIOD_S && start < PERIOD_S + CUE_EVERY_S) text = copy.second;
    else text = copy.play[i % copy.play.length];
    cues.push({ start, end: start + CUE_LENGTH_S, text: `${gameClock(start)} — ${text}` });
  }
  return cues;
}

const DASH_MARK = "<!-- captions -->";

/**
 * Writes captions/<lang>.vtt and captions/<lang>.m3u8 into a rendered asset and names them in its manifest.mpd and
 * master.m3u8 (ffmpeg's own manifests; the API generates the ones players load from media.json).
 */
export async function addCaptions(dir: string, duration: number): Promise<readonly CaptionTrack[]> {
  await mkdir(path.join(dir, "captions"), { recursive: true });
  for (const track of CAPTION_TRACKS) {
    await writeFile(path.join(dir, track.file), serializeVtt(captionCues(track.lang, duration)));
    const playlist = ["#EXTM3U", "#EXT-X-VERSION:6", `#EXT-X-TARGETDURATION:${duration}`, "#EXT-X-MEDIA-SEQUENCE:1", "#EXT-X-PLAYLIST-TYPE:VOD"];
    playlist.push(`#EXTINF:${duration.toFixed(6)},`, path.basename(track.file), "#EXT-X-ENDLIST");
    await writeFile(path.join(dir, `captions/${track.lang}.m3u8`), playlist.join("\n") + "\n");
  }

  const mpdPath = path.join(dir, "manifest.mpd");
  const mpd = (await readFile(mpdPath, "utf8")).replace(new RegExp(`\\t\\t${DASH_MARK}[\\s\\S]*?${DASH_MARK}\\n`), "");
  const sets = CAPTION_TRACKS.map((t, i) =>
    [
      `\t\t<AdaptationSet id="${2 + i}" contentType="text" mimeType="text/vtt" lang="${t.lang}">`,
      `\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption" />`,
      `\t\t\t<Label>${t.label}</Label>`,
      `\t\t\t<Representation id="captions-${t.lang}" bandwidth="256">`,
      `\t\t\t\t<BaseURL>${t.file}</BaseURL>`,
      `\t\t\t</Representation>`,
      `\t\t</AdaptationSet>`,
    ].join("\n"),
  );
  await writeFile(mpdPath, mpd.replace("\t</Period>", `\t\t${DASH_MARK}\n${sets.join("\n")}\n\t\t${DASH_MARK}\n\t</Period>`));

  const masterPath = path.join(dir, "master.m3u8");
  const master = (await readFile(masterPath, "utf8"))
    .split("\n")
    .filter((l) => !l.startsWith("#EXT-X-MEDIA:TYPE=SUBTITLES"))
    .map((l) => (l.startsWith("#EXT-X-STREAM-INF:") ? l.replace(/,SUBTITLES="captions"$/, "") + ',SUBTITLES="captions"' : l));
  const media = CAPTION_TRACKS.map(
    (t) => `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="captions",NAME="${t.label}",LANGUAGE="${t.lang}",DEFAULT=NO,AUTOSELECT=YES,URI="captions/${t.lang}.m3u8"`,
  );
  const at = master.findIndex((l) => l.startsWith("#EXT-X-STREAM-INF:"));
  master.splice(at, 0, ...media);
  await writeFile(masterPath, master.join("\n"));
  return CAPTION_TRACKS;
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string", default: "media/demo" } } });
  const dir = path.resolve(values.out!);
  const info = JSON.parse(await readFile(path.join(dir, "media.json"), "utf8")) as { duration_s: number };
  await addCaptions(dir, info.duration_s);
  console.log(`captions: ${CAPTION_TRACKS.map((t) => t.file).join(", ")} in ${path.relative(process.cwd(), dir)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
