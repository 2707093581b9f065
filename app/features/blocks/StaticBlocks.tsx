import type { RenderedBlock } from "~/lib/blocks";
import { isExternal } from "~/lib/menu";
import { RichText } from "~/ui/RichText";

/** The static blocks a channel configures for one place on the page. */
export function StaticBlocks({ blocks, placement }: { blocks: RenderedBlock[]; placement: string }) {
  if (!blocks.length) return null;
  return (
    <div className={`static-blocks static-blocks--${placement.replace(/[^a-z0-9_-]/gi, "-")}`} data-placement={placement}>
      {blocks.map((block) => (
        <section key={block.id} className={`static-block static-block--${block.type}`} aria-label={block.title ?? undefined}>
          {block.type === "image" && block.image_url ? (
            <BlockImage block={block} />
          ) : (
            <>
              {block.title ? <h2 className="static-block__title">{block.title}</h2> : null}
              <RichText html={block.html} />
            </>
          )}
        </section>
      ))}
    </div>
  );
}

function BlockImage({ block }: { block: RenderedBlock }) {
  const img = <img src={block.image_url!} alt={block.image_alt} loading="lazy" className="static-block__image" />;
  if (!block.link_url) return img;
  return isExternal(block.link_url) ? (
    <a href={block.link_url} rel="noopener noreferrer" target="_blank">
      {img}
    </a>
  ) : (
    <a href={block.link_url}>{img}</a>
  );
}
