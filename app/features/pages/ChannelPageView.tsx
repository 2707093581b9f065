import type { ReactNode } from "react";
import { StaticBlocks } from "~/features/blocks/StaticBlocks";
import type { RenderedBlock } from "~/lib/blocks";
import { RichText } from "~/ui/RichText";

export interface ChannelPageViewProps {
  page: { url: string; name: string; html: string };
  blocks: RenderedBlock[];
  children?: ReactNode;
}

/** The one view every channel page shares: title, Markdown body, the page's static blocks. */
export function ChannelPageView({ page, blocks, children }: ChannelPageViewProps) {
  return (
    <article className="page narrow channel-page" data-page-url={page.url}>
      <h1>{page.name}</h1>
      <RichText html={page.html} />
      {children}
      <StaticBlocks blocks={blocks} placement={`page:${page.url}`} />
    </article>
  );
}
