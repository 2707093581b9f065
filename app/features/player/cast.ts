// Chromecast (issue 15) through shaka's cast support. The Cast sender SDK comes from Google and works only in
// Chrome-family browsers, so it is loaded there only, lazily, by the player; the cast button shows only once shaka
// reports a receiver on the network. Offline or elsewhere nothing shows.

export const CAST_SENDER_URL = "https://www.gstatic.com/cv/js/sender/v1/cast_sender.js";
/** The origin the page's CSP must allow for scripts (the SDK loads its framework from there too). */
export const CAST_SCRIPT_ORIGIN = "https://www.gstatic.com";
/**
 * The receiver app: shaka's hosted receiver (it runs shaka.cast.CastReceiver, which CastProxy talks to). A channel
 * with its own registered receiver would put its id here.
 */
export const CAST_RECEIVER_APP_ID = "07AEE832";

interface Brand {
  brand: string;
}

/** Chrome, Chromium, Edge and the other Chromium browsers (not Chrome on iOS, which is WebKit and has no sender). */
export function isCastBrowser(userAgent: string, brands?: readonly Brand[] | null): boolean {
  if (brands?.length) return brands.some((b) => /^(Google Chrome|Chromium|Microsoft Edge|Opera|Brave)$/.test(b.brand));
  return /\bChrom(e|ium)\/\d+/.test(userAgent) && !/\b(CriOS|EdgiOS)\//.test(userAgent);
}

export interface CastStatus {
  /** The browser can cast at all (Chrome family). */
  supported: boolean;
  /** shaka's canCast(): the SDK loaded and a receiver is on the network. */
  canCast: boolean;
  casting: boolean;
}

export const NO_CAST: CastStatus = { supported: false, canCast: false, casting: false };

/** The cast button shows while a receiver can be reached, or while already casting (to stop it). */
export const castButtonShown = (s: CastStatus) => s.supported && (s.canCast || s.casting);

/** Adds the sender SDK's script once (the CastProxy has already set window.__onGCastApiAvailable). */
export function loadCastSender(doc: Document): void {
  if (doc.querySelector(`script[src="${CAST_SENDER_URL}"]`)) return;
  const script = doc.createElement("script");
  script.src = CAST_SENDER_URL;
  script.async = true;
  doc.head.appendChild(script);
}
