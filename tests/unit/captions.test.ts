// Captions (issue 15): the demo's WebVTT files, written by scripts/media/captions.ts, and how a timeline serves them
// per segment in its DASH and HLS manifests.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { captionSegment, parseVtt, serializeVtt, vttTime } from "@api/services/captions";
import { buildHlsCaptions, buildHlsMaster, buildMpd, captionSegmentName, type MediaInfo } from "@api/services/livesim";
import { captionFile } from "@api/services/timeline-files";
import { CAPTION_TRACKS, captionCues, GOALS } from "../../scripts/media/captions";

const DEMO = path.resolve(import.meta.dirname, "../../media/demo");
const demoInfo = JSON.parse(readFileSync(path.join(DEMO, "media.json"), "utf8")) as MediaInfo;
const START = Date.UTC(2026, 10, 21, 12, 0, 0);
const event = { start: START, end: START + 2 * 3_600_000 };

describe("the demo's caption files", () => {
  it("are what the script writes (re-running it changes nothing), one per language, named in media.json", () => {
    expect(demoInfo.captions).toEqual(CAPTION_TRACKS.map(({ lang, label, file }) => ({ lang, label, file })));
    for (const track of CAPTION_TRACKS) {
      const onDisk = readFileSync(path.join(DEMO, track.file), "utf8");
      expect(onDisk).toBe(serializeVtt(captionCues(track.lang, demoInfo.duration_s)));
    }
  });

  it("describe the programme: the clock of the picture, each goal with its score, in English and French", () => {
    const en = captionCues("en", 120);
    const fr = captionCues("fr", 120);
    expect(en.length).toBe(fr.length);
    expect(en.map((c) => [c.start, c.end])).toEqual(fr.map((c) => [c.start, c.end]));
    expect(en[0]).toEqual({ start: 1, end: 4.5, text: "P1 0:01 — [Crowd noise] Welcome to the StreamHub demo match: Home in red, Away in blue." });
    const goals = en.filter((c) => c.text.includes("GOAL!"));
    expect(goals.map((c) => c.text.split(" — ")[1])).toEqual([
      "[Whistle, crowd cheers] GOAL! Home score: 1–0.",
      "[Whistle, crowd cheers] GOAL! Away score: 1–1.",
      "[Whistle, crowd cheers] GOAL! Home score: 2–1.",
    ]);
    // Each goal's cue is on screen when the goal happens.
    for (const [i, t] of [...GOALS.home, ...GOALS.away].sort((a, b) => a - b).entries()) expect(goals[i]!.start <= t + 1 && goals[i]!.end > t).toBe(true);
    expect(fr.filter((c) => c.text.includes("BUT !")).length).toBe(3);
    expect(en.find((c) => c.start >= 60)!.text).toBe("P2 1:01 — [Whistle] The second period is under way.");
    expect(en.every((c) => c.end <= 120)).toBe(true);
  });

  it("parse back to the same cues", () => {
    const cues = captionCues("fr", 120);
    expect(parseVtt(serializeVtt(cues))).toEqual(cues);
    expect(vttTime(3725.5)).toBe("01:02:05.500");
  });
});

describe("caption segments of a looping timeline", () => {
  const cues = [
    { start: 1, end: 4.5, text: "a" },
    { start: 5, end: 8.5, text: "b" },
    { start: 117, end: 119.5, text: "z" },
  ];
  it("hold the cues overlapping the segment, a cue spanning two segments in both", () => {
    expect(captionSegment(cues, 1, 2, 120).map((c) => c.text)).toEqual(["a"]);
    expect(captionSegment(cues, 2, 2, 120).map((c) => c.text)).toEqual(["a"]);
    expect(captionSegment(cues, 3, 2, 120).map((c) => c.text)).toEqual(["a", "b"]);
    expect(captionSegment(cues, 60, 2, 120)).toEqual([{ start: 117, end: 119.5, text: "z" }]);
  });
  it("move a later loop's cues to the timeline's time", () => {
    expect(captionSegment(cues, 61, 2, 120)).toEqual([{ start: 121, end: 124.5, text: "a" }]);
    expect(captionSegment(cues, 1 + 60 * 30, 2, 120)).toEqual([{ start: 3601, end: 3604.5, text: "a" }]);
  });
});

describe("caption tracks in the manifests", () => {
  it("DASH: one text adaptation set per language, segmented WebVTT with the token", () => {
    const mpd = buildMpd(demoInfo, event, START + 65_000, "tok")!;
    expect(mpd).toContain('<AdaptationSet contentType="text" mimeType="text/vtt" lang="en"');
    expect(mpd).toContain('<AdaptationSet contentType="text" mimeType="text/vtt" lang="fr"');
    expect(mpd).toContain('<Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/>');
    expect(mpd).toContain('media="captions-fr-$Number%05d$.vtt?token=tok"');
    expect(mpd).toContain("<Label>Français</Label>");
  });

  it("HLS: a SUBTITLES group, and a playlist per language in step with the media's", () => {
    const master = buildHlsMaster(demoInfo, "tok");
    expect(master).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="captions",NAME="English",LANGUAGE="en"');
    expect(master).toContain('URI="captions-fr.m3u8?token=tok"');
    expect(master.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF:")).every((l) => l.endsWith(',SUBTITLES="captions"'))).toBe(true);
    const playlist = buildHlsCaptions(demoInfo, "en", event, event.end + 1, "tok")!;
    expect(playlist).toContain(`${captionSegmentName("en", 1)}?token=tok`);
    expect(playlist).toContain("#EXT-X-ENDLIST");
    expect(playlist.split("\n").filter((l) => l.startsWith("captions-en-")).length).toBe(3600);
  });

  it("a media without captions gets none", () => {
    const bare = { ...demoInfo, captions: undefined };
    expect(buildMpd(bare, event, START + 65_000, "tok")).not.toContain("text/vtt");
    expect(buildHlsMaster(bare, "tok")).not.toContain("SUBTITLES");
  });

  it("file names map back to a language the media has", () => {
    expect(captionFile(demoInfo, "captions-en-00007.vtt")).toMatchObject({ kind: "segment", n: 7, track: { lang: "en" } });
    expect(captionFile(demoInfo, "captions-fr.m3u8")).toMatchObject({ kind: "playlist", track: { lang: "fr" } });
    expect(captionFile(demoInfo, "captions-de-00001.vtt")).toBeNull();
    expect(captionFile(demoInfo, "captions-en-0.vtt")).toBeNull();
    expect(captionFile(demoInfo, "captions/en.vtt")).toBeNull();
  });
});
