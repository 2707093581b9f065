// /console (issue 16): the channel owner's console, inside the site's own shell. The side navigation lists the
// sections (features/console/nav.ts); each child route guards itself too, since loaders run in parallel.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONSOLE_NAV } from "~/features/console/nav";
import type { RouteHandle } from "~/lib/route-handle";
import { requireChannelManager } from "~/server/guards.server";
import consoleCss from "~/styles/console.css?url";

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { platform, tenant } = requireChannelManager(context, request);
  return { platform, channel: { name: tenant.channel.name, alias: tenant.channel.alias } };
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: consoleCss }];
// The console's words load only on its pages.
export const handle: RouteHandle = { i18n: ["console", "domains", "video"] };

export default function ConsoleLayout() {
  const { platform, channel } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["console", "domains", "video"]);
  const entries = CONSOLE_NAV.filter((e) => platform || !e.platform);
  return (
    <div className="console">
      <nav className="console__nav" aria-label={t("console:nav.label")}>
        <p className="console__channel">
          <span className="console__channel-name">{channel.name}</span>
          <span className="console__channel-alias">{channel.alias}</span>
        </p>
        <ul>
          {entries.map((e) => (
            <li key={e.to}>
              <NavLink to={e.to} end={e.to === "/console"} prefetch="intent">
                {t(`${e.ns}:${e.label}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console__main">
        <Outlet />
      </div>
    </div>
  );
}
