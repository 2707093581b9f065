// The player's captions (issue 15): the languages the stream offers, the viewer's choice (captions.ts, remembered
// in this browser) applied to shaka, and the actions of the CC button and the language menu.
import { useCallback, useEffect, useRef, useState } from "react";
import { captionLanguage, DEFAULT_CAPTION_PREF, readCaptionPref, storeCaptionPref, type CaptionPref } from "./captions";
import type { ShakaPlayer } from "./useShakaPlayer";

export interface CaptionOption {
  lang: string;
  label: string;
}

export interface Captions {
  options: CaptionOption[];
  /** The language shown, or null when off. */
  lang: string | null;
  toggle(): void;
  choose(lang: string): void;
}

export function useCaptions(player: ShakaPlayer | null, pageLang: string): Captions {
  const [pref, setPref] = useState<CaptionPref>(DEFAULT_CAPTION_PREF);
  // Read after hydration: the server knows no choice.
  useEffect(() => setPref(readCaptionPref()), []);
  const [options, setOptions] = useState<CaptionOption[]>([]);

  useEffect(() => {
    if (!player) return setOptions([]);
    const read = () => {
      const seen = new Map<string, string>();
      for (const t of player.getTextTracks()) if (t.language && !seen.has(t.language)) seen.set(t.language, t.label || t.language);
      const next = [...seen].map(([lang, label]) => ({ lang, label }));
      // Only a real change: selecting a track fires "trackschanged" again, which must not loop back here.
      setOptions((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    read();
    player.addEventListener("trackschanged", read);
    return () => player.removeEventListener("trackschanged", read);
  }, [player]);

  const lang = captionLanguage(
    options.map((o) => o.lang),
    pref,
    pageLang,
  );

  // What was last applied to this player, so each choice is applied once.
  const applied = useRef<{ player: ShakaPlayer; lang: string | null } | null>(null);
  useEffect(() => {
    if (!player) return;
    const track = lang ? player.getTextTracks().find((t) => t.language === lang) : null;
    if (lang && !track) return;
    if (applied.current?.player === player && applied.current.lang === lang) return;
    applied.current = { player, lang };
    player.selectTextTrack(track ?? null);
  }, [player, lang, options]);

  const update = useCallback((next: CaptionPref) => {
    setPref(next);
    storeCaptionPref(next);
  }, []);
  const toggle = useCallback(() => update({ ...pref, on: !pref.on }), [pref, update]);
  const choose = useCallback((l: string) => update({ on: true, lang: l }), [update]);
  return { options, lang, toggle, choose };
}
