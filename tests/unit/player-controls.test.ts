// The player's pure logic (issue 15): the controls' auto-hide, the captions choice, the cast availability and the
// seek-bar preview's thumbnail.
import { describe, expect, it } from "vitest";
import { autoHide, HIDE_AFTER_MS, hideTimerArmed, INITIAL_AUTO_HIDE, type AutoHideInput, type AutoHideState } from "~/features/player/auto-hide";
import { captionLanguage, DEFAULT_CAPTION_PREF, parseCaptionPref } from "~/features/player/captions";
import { CAST_SCRIPT_ORIGIN, CAST_SENDER_URL, castButtonShown, isCastBrowser, NO_CAST } from "~/features/player/cast";
import { thumbnailUrl } from "~/features/player/PlayerControls";
import { contentSecurityPolicy } from "~/server/security.server";

const run = (...inputs: AutoHideInput[]): AutoHideState => inputs.reduce(autoHide, INITIAL_AUTO_HIDE);

describe("controls auto-hide", () => {
  it("waits 3 s, the product's delay", () => {
    expect(HIDE_AFTER_MS).toBe(3000);
  });

  it("shows at first, and arms the timer only while playing", () => {
    expect(INITIAL_AUTO_HIDE.shown).toBe(true);
    expect(hideTimerArmed(INITIAL_AUTO_HIDE)).toBe(false);
    expect(hideTimerArmed(run({ type: "playing", playing: true }))).toBe(true);
  });

  it("hides when the timer runs out while playing, and shows again on activity (restarting the timer)", () => {
    const hidden = run({ type: "playing", playing: true }, { type: "idle" });
    expect(hidden.shown).toBe(false);
    expect(hideTimerArmed(hidden)).toBe(false);
    const back = autoHide(hidden, { type: "activity" });
    expect(back.shown).toBe(true);
    expect(back.since).toBeGreaterThan(hidden.since);
    expect(hideTimerArmed(back)).toBe(true);
  });

  it("never hides while paused; pausing shows them", () => {
    expect(run({ type: "idle" }).shown).toBe(true);
    const hidden = run({ type: "playing", playing: true }, { type: "idle" });
    const paused = autoHide(hidden, { type: "playing", playing: false });
    expect(paused.shown).toBe(true);
    expect(autoHide(paused, { type: "idle" }).shown).toBe(true);
  });

  it("stays while held (menu open, mouse on the bar, keyboard focus in it), and may hide once released", () => {
    const held = run({ type: "playing", playing: true }, { type: "idle" }, { type: "hold", held: true });
    expect(held.shown).toBe(true);
    expect(hideTimerArmed(held)).toBe(false);
    expect(autoHide(held, { type: "idle" }).shown).toBe(true);
    const released = autoHide(held, { type: "hold", held: false });
    expect(hideTimerArmed(released)).toBe(true);
    expect(autoHide(released, { type: "idle" }).shown).toBe(false);
  });

  it("a tap toggles them while playing, but cannot hide them while paused", () => {
    const playing = run({ type: "playing", playing: true });
    const hidden = autoHide(playing, { type: "toggle" });
    expect(hidden.shown).toBe(false);
    expect(autoHide(hidden, { type: "toggle" }).shown).toBe(true);
    expect(run({ type: "toggle" }).shown).toBe(true);
  });
});

describe("captions choice", () => {
  it("reads a stored choice, and falls back to off for anything malformed", () => {
    expect(parseCaptionPref('{"on":true,"lang":"fr"}')).toEqual({ on: true, lang: "fr" });
    expect(parseCaptionPref('{"on":true}')).toEqual({ on: true, lang: null });
    expect(parseCaptionPref('{"on":"yes","lang":"french"}')).toEqual({ on: false, lang: null });
    for (const raw of [null, "", "nope", "[]", "null", "3"]) expect(parseCaptionPref(raw)).toEqual(DEFAULT_CAPTION_PREF);
  });

  it("shows nothing when off or when the media has no captions", () => {
    expect(captionLanguage(["en", "fr"], { on: false, lang: "fr" }, "en")).toBeNull();
    expect(captionLanguage([], { on: true, lang: "fr" }, "en")).toBeNull();
  });

  it("when on: the chosen language, else the page's, else the first offered", () => {
    expect(captionLanguage(["en", "fr"], { on: true, lang: "fr" }, "en")).toBe("fr");
    expect(captionLanguage(["en", "fr"], { on: true, lang: null }, "fr")).toBe("fr");
    expect(captionLanguage(["en", "fr"], { on: true, lang: "de" }, "en")).toBe("en");
    expect(captionLanguage(["es"], { on: true, lang: null }, "fr")).toBe("es");
  });
});

describe("cast availability", () => {
  const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
  const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
  const SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
  const CHROME_IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0 Mobile/15E148 Safari/604.1";

  it("loads the sender SDK only in Chrome-family browsers", () => {
    expect(isCastBrowser(CHROME)).toBe(true);
    expect(isCastBrowser(FIREFOX)).toBe(false);
    expect(isCastBrowser(SAFARI)).toBe(false);
    expect(isCastBrowser(CHROME_IOS)).toBe(false);
    // Client hints win over the user agent string when the browser gives them.
    expect(isCastBrowser(FIREFOX, [{ brand: "Not)A;Brand" }, { brand: "Microsoft Edge" }])).toBe(true);
    expect(isCastBrowser(CHROME, [{ brand: "Not)A;Brand" }, { brand: "SomeBrowser" }])).toBe(false);
  });

  it("shows the button only when shaka can reach a receiver, or while casting", () => {
    expect(castButtonShown(NO_CAST)).toBe(false);
    expect(castButtonShown({ supported: true, canCast: false, casting: false })).toBe(false);
    expect(castButtonShown({ supported: true, canCast: true, casting: false })).toBe(true);
    expect(castButtonShown({ supported: true, canCast: false, casting: true })).toBe(true);
    expect(castButtonShown({ supported: false, canCast: true, casting: false })).toBe(false);
  });

  it("loads the SDK from an origin the page's CSP allows for scripts", () => {
    expect(CAST_SENDER_URL.startsWith(`${CAST_SCRIPT_ORIGIN}/`)).toBe(true);
    const csp = contentSecurityPolicy({ nonce: "n", config: { APP_ENV: "development" as const } });
    const scripts = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scripts.split(/\s+/)).toContain(CAST_SCRIPT_ORIGIN);
  });
});

describe("seek preview", () => {
  it("names the thumbnail of the second under the pointer", () => {
    const thumbs = { interval_s: 10, url: "https://a.test/api/media/event/7/thumb-{n}.jpg?token=t", width: 320, height: 180 };
    expect(thumbnailUrl(thumbs, 0)).toBe("https://a.test/api/media/event/7/thumb-0.jpg?token=t");
    expect(thumbnailUrl(thumbs, 19.9)).toBe("https://a.test/api/media/event/7/thumb-1.jpg?token=t");
    expect(thumbnailUrl(thumbs, 3605)).toBe("https://a.test/api/media/event/7/thumb-360.jpg?token=t");
    expect(thumbnailUrl(thumbs, -3)).toBe("https://a.test/api/media/event/7/thumb-0.jpg?token=t");
  });

  it("names a provider's frame by its second ({s}: the frame's start, one every interval)", () => {
    const stream = { interval_s: 10, url: "https://customer-abc42.cloudflarestream.com/tok/thumbnails/thumbnail.jpg?time={s}s&height=180", width: 320, height: 180 };
    expect(thumbnailUrl(stream, 0)).toBe("https://customer-abc42.cloudflarestream.com/tok/thumbnails/thumbnail.jpg?time=0s&height=180");
    expect(thumbnailUrl(stream, 19.9)).toBe("https://customer-abc42.cloudflarestream.com/tok/thumbnails/thumbnail.jpg?time=10s&height=180");
    expect(thumbnailUrl(stream, 3605)).toBe("https://customer-abc42.cloudflarestream.com/tok/thumbnails/thumbnail.jpg?time=3600s&height=180");
  });
});
