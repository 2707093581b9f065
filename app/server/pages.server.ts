import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PageMeta } from "~/lib/meta";
import { blocksFor } from "./content.server";
import { notFound, requireTenant } from "./guards.server";
import type { ReadyTenant } from "./tenant.server";
import { renderMarkdown } from "./markdown.server";

/** Whether the channel's page list has a page at `url`. */
export const hasChannelPage = (tenant: ReadyTenant, url: string): boolean => tenant.bootstrap.pages.some((p) => p.url === url);

/** One of the channel's own pages (SPEC §2: from its page list, all through one generic view). */
export async function loadChannelPage(context: AppLoadContext, url: string, fallbackTitle?: string) {
  const { api, bootstrap } = requireTenant(context);
  const summary = bootstrap.pages.find((p) => p.url === url);
  if (!summary) notFound();
  const page = await api.page(summary.id);
  const meta: PageMeta = { title: page.alt_name ?? page.name ?? fallbackTitle ?? "", description: page.description };
  return {
    page: { url: page.url, name: page.name, html: renderMarkdown(page.content) },
    blocks: blocksFor(bootstrap.static_blocks, `page:${url}`),
    meta,
  };
}

export type ChannelPageData = Awaited<ReturnType<typeof loadChannelPage>>;
