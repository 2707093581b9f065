import type { MenuItem, MenuPlacement, Slide } from "@api/contract/channel";

/** Query parameters that filter the events list (SPEC §2): schools, teams and sports by alias or name. */
const FILTER_PARAM = { group: "school", participant: "team", category: "sport" } as const;

const filterHref = (kind: keyof typeof FILTER_PARAM, value: string) => `/upcoming?${FILTER_PARAM[kind]}=${encodeURIComponent(value)}`;

/** Where a menu item leads. Group, participant and category entries link to the filtered events list. */
export function menuHref(item: Pick<MenuItem, "kind" | "url" | "alias" | "name">): string {
  if (item.kind === "link" || item.kind === "page") return item.url ?? "/";
  return filterHref(item.kind, item.alias ?? item.name);
}

/** The items shown in a placement; "both" shows in header and footer. */
export function menuFor(menu: MenuItem[], placement: Exclude<MenuPlacement, "both">): MenuItem[] {
  return menu.filter((item) => item.placement === placement || item.placement === "both");
}

export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** Where a slide leads: its own link, else the school, team or sport it features. */
export function slideHref(slide: Pick<Slide, "slidable_type" | "slidable_alias" | "link_url">): string | null {
  if (slide.link_url) return slide.link_url;
  if (slide.slidable_type === "main" || !slide.slidable_alias) return null;
  return filterHref(slide.slidable_type, slide.slidable_alias);
}
