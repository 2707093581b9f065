// The console's sections (issue 16), in the order the side navigation lists them. Each names its label by
// namespace and key, so a feature's strings stay in its own locale file.
export interface ConsoleNavEntry {
  to: string;
  ns: "console" | "domains" | "video";
  label: string;
  /** Only for platform admins. */
  platform?: boolean;
}

export const CONSOLE_NAV: ConsoleNavEntry[] = [
  { to: "/console", ns: "console", label: "nav.overview" },
  { to: "/console/settings", ns: "console", label: "nav.settings" },
  { to: "/console/theme", ns: "console", label: "nav.theme" },
  { to: "/console/menu", ns: "console", label: "nav.menu" },
  { to: "/console/slides", ns: "console", label: "nav.slides" },
  { to: "/console/pages", ns: "console", label: "nav.pages" },
  { to: "/console/faq", ns: "console", label: "nav.faq" },
  { to: "/console/blocks", ns: "console", label: "nav.blocks" },
  { to: "/console/forms", ns: "console", label: "nav.forms" },
  { to: "/console/events", ns: "console", label: "nav.events" },
  { to: "/console/teams", ns: "console", label: "nav.teams" },
  { to: "/console/products", ns: "console", label: "nav.products" },
  { to: "/console/prerolls", ns: "console", label: "nav.prerolls" },
  { to: "/console/live", ns: "video", label: "nav.live" },
  { to: "/console/scorekeepers", ns: "console", label: "nav.scorekeepers" },
  { to: "/console/uploads", ns: "video", label: "nav.uploads" },
  { to: "/console/domains", ns: "domains", label: "nav.domains" },
  { to: "/console/activity", ns: "console", label: "nav.activity" },
  { to: "/console/channels", ns: "console", label: "nav.channels", platform: true },
];
