import type { LinksFunction } from "@remix-run/cloudflare";
import commerceCss from "~/styles/commerce.css?url";

/** The stylesheet of the commerce pages, linked only by them. */
export const commerceLinks: LinksFunction = () => [{ rel: "stylesheet", href: commerceCss }];
