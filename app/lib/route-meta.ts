import type { MetaFunction } from "@remix-run/cloudflare";
import type { RootData } from "~/root";
import { type PageMeta, pageMeta } from "./meta";

/** A route's meta from its loader's `meta` and the channel name in the root data. */
export const metaFromLoader: MetaFunction = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  return pageMeta((data as { meta?: PageMeta } | undefined)?.meta, root?.siteName);
};
