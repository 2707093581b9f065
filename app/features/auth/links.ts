import type { LinksFunction } from "@remix-run/cloudflare";
import authCss from "~/styles/auth.css?url";

/** The stylesheet of the account pages, linked only by them. */
export const authLinks: LinksFunction = () => [{ rel: "stylesheet", href: authCss }];
