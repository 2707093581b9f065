// POST /action/accept-cookies: the cookie notice's answer (`consent` = accepted | declined; a bare post accepts), kept
// in a cookie, then back to the page. The notice's buttons post here with or without JavaScript. The footer's
// "Cookie settings" posts `consent=ask` without JavaScript: the answer is forgotten and the notice shows again.
import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { CONSENT_ASK_AGAIN, postedConsent } from "~/lib/consent";
import { safeRedirect } from "~/lib/menu";
import { clearConsentCookie, consentCookie } from "~/server/cookies.server";
import { requireTenant } from "~/server/guards.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireTenant(context);
  const form = await request.formData();
  const consent = form.get("consent");
  const cookie = consent === CONSENT_ASK_AGAIN ? clearConsentCookie(request) : consentCookie(request, postedConsent(consent));
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": cookie },
  });
}

export const loader = () => redirect("/");
