// A key play in words (issue 27), the same on the watch page, the clip's share page and the home's rail.
import type { Side } from "@api/contract/scores";
import { useTranslation } from "react-i18next";

export interface KeyPlayWords {
  side?: Side | null;
  player?: string | null;
  note?: string | null;
}

/** A translation of the scores namespace's keys (a page's `t`, or the server's with the namespace named). */
export type ScoresT = (key: "plays.keyPlay" | "plays.player", options?: { number: string }) => string;

/** "Key play · Northview · #23 · Steal and dunk". */
export function keyPlayText(t: ScoresT, names: Record<Side, string>, p: KeyPlayWords): string {
  return [t("plays.keyPlay"), p.side ? names[p.side] : "", p.player ? t("plays.player", { number: p.player }) : "", p.note ?? ""].filter(Boolean).join(" · ");
}

/** A key play in words, in the page's language. */
export function useKeyPlayText(names: Record<Side, string>): (p: KeyPlayWords) => string {
  const { t } = useTranslation("scores");
  return (p) => keyPlayText((key, options) => t(key, options), names, p);
}
