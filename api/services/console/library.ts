// A video packaged from a console upload joins the channel's library (issue 16): a VOD item in the definition, first
// in the "uploads" rail (created the first time), so it shows on /vod_library and in search like any other.
import type { ConsoleScope } from "./scope";
import { changeLatest } from "./definition";

export const UPLOADS_RAIL = "uploads";
const RAIL_TITLE = { en: "New videos", fr: "Nouvelles vidéos" };

export interface LibraryItem {
  key: string;
  title: Record<string, string>;
  media_key: string;
  duration_s: number;
  /** Epoch ms. */
  date: number;
}

export async function addLibraryItem(scope: ConsoleScope, item: LibraryItem): Promise<void> {
  await changeLatest(scope, [
    {
      name: "vod_items",
      change: {
        kind: "save",
        id: item.key,
        value: { key: item.key, title: item.title, date: { utc: new Date(item.date).toISOString() }, duration: Math.max(1, Math.round(item.duration_s)), media_key: item.media_key },
      },
    },
    {
      name: "vod_rails",
      change: {
        kind: "update",
        id: UPLOADS_RAIL,
        update: (rail) => ({ key: UPLOADS_RAIL, title: rail?.title ?? RAIL_TITLE, items: [item.key, ...((rail?.items as string[] | undefined) ?? []).filter((k) => k !== item.key)] }),
      },
    },
  ]);
}
