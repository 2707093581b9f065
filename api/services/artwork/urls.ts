// The public URLs of generated artwork (api/routes/artwork.ts answers them). Each ends in the version of what the
// image is drawn from: a new version is a new URL, so every URL can be cached for good.
import { ARTWORK_PATH } from "../../contract/artwork";
import type { Language } from "../../contract/constants";
import type { ClipRow } from "../../db/clips-schema";
import type { ChannelBrand } from "./brand";
import { contentVersion } from "./version";

/** An event's matchup graphic (svg) or share image (png). */
export const eventArtworkPath = (id: number, lang: Language, version: string, ext: "svg" | "png") => `${ARTWORK_PATH}/events/${id}/${lang}/${version}.${ext}`;

/** The home page's share image: the channel's brand and description. */
export const channelShareImage = (brand: ChannelBrand, description: string | null) =>
  `${ARTWORK_PATH}/channel/${contentVersion("channel", brand.version, description)}.png`;

/** A shared clip's share image, under its id and uuid (as its share page's URL). */
export const clipShareImage = (row: Pick<ClipRow, "id" | "uuid" | "name" | "posterKey">, brand: ChannelBrand) =>
  `${ARTWORK_PATH}/clips/${row.id}/${row.uuid}/${contentVersion("clip", row.name, row.posterKey, brand.version)}.png`;
