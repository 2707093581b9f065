// POST /action/accept-cookies: the cookie notice's answer (`consent` = accepted | declined; a bare post accepts), kept
// in a cookie, then back to the page. The notice's buttons post here with or without JavaScript.
import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { postedConsent } from "~/lib/consent";
import { safeRedirectPath } from "@api/lib/safe-redirect";
import { consentCookie } from "~/server/cookies.server";
import { requireTenant } from "~/server/guards.server";
import { readForm } from "~/server/form.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  requireTenant(context);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { headers: { "Set-Cookie": consentCookie(request, postedConsent(form.get("consent"))) } });
}

export const loader = () => redirect("/");
