import { RAIL_SCROLL_MS } from "@api/contract/constants";
import type { VodRail as RailData } from "@api/contract/catalogue";
import { Rail } from "~/ui/Rail";
import { VodCard } from "./VodCard";

/** A library rail as a card carousel (SPEC: scroll every 5000 ms, cards 280–380 px). */
export function VodRail({ rail }: { rail: RailData }) {
  return <Rail id={`rail-${rail.id}`} title={rail.title} items={rail.vod_media_items} itemKey={(item) => item.id} renderItem={(item) => <VodCard item={item} />} autoScrollMs={RAIL_SCROLL_MS} />;
}
