import type { MetaDescriptor } from "@remix-run/cloudflare";

export interface PageMeta {
  title: string;
  description?: string | null;
}

/** The document title and description of a route: "Page | Channel". */
export function pageMeta(meta: PageMeta | undefined, siteName: string | undefined): MetaDescriptor[] {
  if (!meta) return [];
  const title = siteName && meta.title !== siteName ? `${meta.title} | ${siteName}` : meta.title;
  const out: MetaDescriptor[] = [{ title }, { property: "og:title", content: title }];
  if (meta.description) out.push({ name: "description", content: meta.description }, { property: "og:description", content: meta.description });
  return out;
}
