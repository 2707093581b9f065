import type { LinksFunction } from "@remix-run/cloudflare";
import catalogueCss from "~/styles/catalogue.css?url";

/** The stylesheet of the catalogue pages (home sections, events, watch, VOD). */
export const catalogueLinks: LinksFunction = () => [{ rel: "stylesheet", href: catalogueCss }];
