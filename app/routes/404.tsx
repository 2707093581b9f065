import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireTenant, notFound } from "~/server/guards.server";

// /404 is the not-found page itself, answered with status 404.
export function loader({ context }: LoaderFunctionArgs) {
  requireTenant(context);
  notFound();
}

export default function NotFoundRoute() {
  return null;
}
