import type { StaticBlock } from "@api/contract/channel";
import type { RenderedBlock } from "~/lib/blocks";
import { renderMarkdown } from "./markdown.server";

/** The channel's static blocks for one placement (home_top, home_bottom, footer, page:<url>). */
export function blocksFor(blocks: StaticBlock[], placement: string): RenderedBlock[] {
  return blocks
    .filter((b) => b.placement === placement)
    .map((b) => ({
      id: b.id,
      type: b.type,
      title: b.title,
      html: renderMarkdown(b.content),
      image_url: b.image_url,
      image_alt: b.image_alt ?? "",
      link_url: b.link_url,
    }));
}
