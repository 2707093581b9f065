// The matchup graphic and share images as SVG (issue 28, ADR 037): names escaped, the date in the event's zone and
// language, one-sided events over the channel's colours, crests embedded whole, the choice of artwork and its versions.
import { describe, expect, it } from "vitest";
import type { ChannelBrand } from "@api/services/artwork/brand";
import { channelBrand } from "@api/services/artwork/brand";
import { type ArtworkSubject, eventArtwork, matchupInput } from "@api/services/artwork/choose";
import { type MatchupInput, artworkDate, initials, matchupSvg } from "@api/services/artwork/matchup-svg";
import { channelShareSvg, clipShareSvg, eventShareSvg } from "@api/services/artwork/share-svg";
import { measure, wrap } from "@api/services/artwork/text";

const BRAND: ChannelBrand = channelBrand("Alpha Sports Network", JSON.stringify({ logo: "/api/assets/logo.svg?v=1" }), JSON.stringify({ primary: "#ff5a1f", secondary: "#1b2a4a" }));
const CREST = "data:image/svg+xml;base64,PHN2Zy8+";
const images = (url: string) => (url.startsWith("/api/assets/") ? CREST : null);

const game = (over: Partial<ArtworkSubject> = {}): ArtworkSubject => ({
  id: 7,
  name: "Riverside vs Northview",
  event_utc_ts: "2026-03-06T03:00:00.000Z",
  time_zone: "America/Los_Angeles",
  category: { name: "Basketball" },
  participants: [
    { side: "away", name: "Riverside Academy Ravens", short_name: "Riverside", color: "#8c1d40", images: { logo: "/api/assets/crests/riverside.svg?v=1" } },
    { side: "home", name: "Northview Hawks", short_name: "Northview", color: "#1f7a4d", images: { logo: "/api/assets/crests/northview.svg?v=1" } },
  ],
  ...over,
});

/** Every text node of an SVG, unescaped once (what a reader would see). */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe("matchup graphic", () => {
  it("shows away then home by short name, both crests kept square, the sport and the start", () => {
    const svg = matchupSvg(matchupInput(game(), "en", BRAND), images);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 1280 720"/);
    const shown = texts(svg);
    expect(shown.indexOf("RIVERSIDE")).toBeLessThan(shown.indexOf("NORTHVIEW"));
    expect(shown).toContain("@");
    expect(shown).toContain("BASKETBALL  ·  THU, MAR 5 · 7:00 PM PST");
    const crests = [...svg.matchAll(/<image [^>]*>/g)].map((m) => m[0]);
    expect(crests).toHaveLength(2);
    for (const crest of crests) {
      expect(crest).toContain('preserveAspectRatio="xMidYMid meet"');
      expect(crest).toMatch(/width="(\d+(?:\.\d+)?)" height="\1"/);
    }
    expect(svg).toContain('fill="#8c1d40"');
    expect(svg).toContain('fill="#1f7a4d"');
    expect(svg).toContain("<title>Riverside @ Northview — BASKETBALL  ·  THU, MAR 5 · 7:00 PM PST</title>");
  });

  it("escapes names with & and <, in the text and the title", () => {
    const participants = game().participants.map((p) => (p.side === "home" ? { ...p, short_name: 'Saint-Laurent & <Co> "A"' } : p));
    const svg = matchupSvg(matchupInput(game({ participants }), "en", BRAND), images);
    expect(svg).toContain("SAINT-LAURENT &amp; &lt;CO&gt; &quot;A&quot;");
    expect(svg).toContain("Riverside @ Saint-Laurent &amp; &lt;Co&gt; &quot;A&quot;");
    expect(svg).not.toMatch(/<Co>|& </);
  });

  it("writes the date in French in the event's own zone", () => {
    const input = matchupInput(game({ time_zone: "America/Toronto", category: { name: "Hockey" } }), "fr", BRAND);
    expect(artworkDate(input.startsAt, input.timeZone, "fr")).toBe("jeu. 5 mars · 22:00 UTC−5");
    expect(texts(matchupSvg(input, images))).toContain("HOCKEY  ·  JEU. 5 MARS · 22:00 UTC−5");
  });

  it("falls back to UTC for a zone the runtime does not know, and to initials for a team without a crest", () => {
    expect(artworkDate("2026-03-06T03:00:00Z", "Mars/Olympus_Mons", "en")).toBe("Fri, Mar 6 · 3:00 AM UTC");
    const participants = game().participants.map((p) => ({ ...p, images: {} }));
    const svg = matchupSvg(matchupInput(game({ participants }), "en", BRAND), images);
    expect(svg).not.toContain("<image");
    expect(texts(svg)).toEqual(expect.arrayContaining(["R", "N"]));
    expect(initials("Franco-Ontarien")).toBe("FO");
    expect(initials("École Mont-Royal")).toBe("ÉM");
  });

  it("shows an event that is not two-sided by its own name, wrapped, over the channel's colours", () => {
    const name = "Gala des étoiles du sport étudiant & remise des prix";
    const input = matchupInput(game({ name, participants: [game().participants[1]] }), "fr", BRAND);
    expect(input.teams).toBeNull();
    const svg = matchupSvg(input, images);
    expect(svg).not.toContain("<image");
    expect(svg).toContain('stop-color="#');
    expect(svg).toMatch(/stop-color="#(?:ff5a1f|[0-9a-f]{6})"/);
    const lines = texts(svg).filter((t) => !t.includes("·"));
    // Each line twice (its shadow, then itself); together they are the whole name.
    expect([...new Set(lines)].join(" ")).toBe("Gala des étoiles du sport étudiant &amp; remise des prix");
    expect(svg).toContain("<title>Gala des étoiles du sport étudiant &amp; remise des prix — ");
  });

  it("wraps within the width it is given", () => {
    const lines = wrap("Championnat provincial de hockey collégial féminin division un", 600, 60, "bold", 3);
    expect(lines.length).toBeLessThanOrEqual(3);
    for (const line of lines) expect(measure(line, 60, "bold")).toBeLessThanOrEqual(600);
  });
});

describe("what an event shows", () => {
  it("is the matchup graphic when the event has nothing of its own, the owner's poster when it has one", () => {
    const matchup = eventArtwork(game(), { poster: null }, "en", BRAND);
    expect(matchup.kind).toBe("matchup");
    expect(matchup.url).toMatch(/^\/api\/artwork\/events\/7\/en\/[0-9a-z]{11}\.svg$/);
    expect(matchup.shareImage).toMatch(/^\/api\/artwork\/events\/7\/en\/[0-9a-z]{11}\.png$/);
    const owned = eventArtwork(game(), { poster: "/api/assets/posters/final.jpg?v=2" }, "en", BRAND);
    expect(owned).toMatchObject({ kind: "poster", url: "/api/assets/posters/final.jpg?v=2" });
    // The owner's poster wins over a frame of the stream too; a frame wins over the matchup graphic.
    expect(eventArtwork(game(), { poster: "/api/assets/p.jpg", frame: "/frame.jpg" }, "en", BRAND).kind).toBe("poster");
    expect(eventArtwork(game(), { poster: null, frame: "/frame.jpg" }, "en", BRAND)).toMatchObject({ kind: "frame", url: "/frame.jpg" });
  });

  it("changes version with a team's colour, its crest, the start, the language; not with the channel's colours on a two-sided game", () => {
    const base = eventArtwork(game(), { poster: null }, "en", BRAND);
    const recoloured = game().participants.map((p) => (p.side === "home" ? { ...p, color: "#123456" } : p));
    const newCrest = game().participants.map((p) => (p.side === "away" ? { ...p, images: { logo: "/api/assets/crests/riverside.svg?v=2" } } : p));
    expect(eventArtwork(game({ participants: recoloured }), { poster: null }, "en", BRAND).url).not.toBe(base.url);
    expect(eventArtwork(game({ participants: newCrest }), { poster: null }, "en", BRAND).url).not.toBe(base.url);
    expect(eventArtwork(game({ event_utc_ts: "2026-03-07T03:00:00.000Z" }), { poster: null }, "en", BRAND).url).not.toBe(base.url);
    expect(eventArtwork(game(), { poster: null }, "fr", BRAND).url).not.toBe(base.url);
    const rebranded = channelBrand("Alpha Sports Network", JSON.stringify({ logo: "/api/assets/logo.svg?v=1" }), JSON.stringify({ primary: "#000000" }));
    const again = eventArtwork(game(), { poster: null }, "en", rebranded);
    expect(again.url).toBe(base.url);
    // The share image carries the channel's bar: a new brand is a new share image.
    expect(again.shareImage).not.toBe(base.shareImage);
  });
});

describe("share images", () => {
  const input: MatchupInput = matchupInput(game(), "en", BRAND);
  const logo = (url: string) => (url === BRAND.logo ? "data:image/png;base64,AAAA" : images(url));

  it("are 1200×630 with the channel's logo on its bar", () => {
    for (const svg of [
      eventShareSvg({ input, picture: null, title: "Riverside @ Northview" }, BRAND, logo),
      clipShareSvg({ title: "Buzzer beater <3", frame: "/api/assets/frame.jpg" }, BRAND, logo),
      channelShareSvg(BRAND, "Live & on-demand high school sports.", logo),
    ]) {
      expect(svg).toContain('viewBox="0 0 1200 630" width="1200" height="630"');
      expect(svg).toContain('href="data:image/png;base64,AAAA"');
    }
  });

  it("name the channel in text when it has no logo, and escape a clip's title", () => {
    const bare = { ...BRAND, logo: null };
    const svg = clipShareSvg({ title: "Buzzer beater <3 & more", frame: null }, bare, () => null);
    expect(texts(svg)).toContain("Alpha Sports Network");
    expect(svg).toContain("Buzzer beater &lt;3 &amp; more");
  });

  it("put an owner's poster under the event's title", () => {
    const svg = eventShareSvg({ input, picture: "/api/assets/posters/final.jpg", title: "Riverside @ Northview" }, BRAND, logo);
    expect(svg).toContain('preserveAspectRatio="xMidYMid slice" href="data:image/svg+xml;base64,PHN2Zy8+"');
    expect(texts(svg)).toContain("Riverside @ Northview");
  });
});
