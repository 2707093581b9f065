// POST /action/accept-cookies: the cookie notice's answer (`consent` = accepted | declined; a bare post accepts), kept
// in a cookie, then back to the page. The notice's buttons post here with or without JavaScript. The footer's
// "Cookie settings" posts `consent=ask` without JavaScript: the answer is forgotten and the notice shows again.
import { type ActionFunctionArgs, json, redirect } from "@remix-run/cloudflare";
import { CONSENT_ASK_AGAIN, postedConsent } from "~/lib/consent";
import { safeRedirectPath } from "@api/lib/safe-redirect";
import { clearConsentCookie, consentCookie } from "~/server/cookies.server";
import { requireTenant } from "~/server/guards.server";
import { answersJson, readForm } from "~/server/form.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  requireTenant(context);
  const consent = form.get("consent");
  const cookie = consent === CONSENT_ASK_AGAIN ? clearConsentCookie(request) : consentCookie(request, postedConsent(consent));
  // With JavaScript (the notice's fetcher, with `FetchMarker`) the visitor stays where they are: the page's data
  // reloads, but nothing navigates, so an open menu or drawer is not closed under their finger. Without it (or before
  // hydration, and from the footer's "Cookie settings"), back to the page.
  if (answersJson(form, request)) return json({ stored: true }, { headers: { "Set-Cookie": cookie } });
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { headers: { "Set-Cookie": cookie } });
}

export const loader = () => redirect("/");
