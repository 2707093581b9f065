import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EventsPage } from "~/features/events/EventsPage";
import { metaWithSocial } from "~/features/events/social-meta";
import { loadEventsPage } from "~/server/events.server";
import { catalogueLinks } from "~/features/events/links";

export const loader = ({ context, request }: LoaderFunctionArgs) => loadEventsPage(context, request, "vod");

export const links = catalogueLinks;

export const meta = metaWithSocial;

export default function VodEvents() {
  return <EventsPage data={useLoaderData<typeof loader>()} />;
}
