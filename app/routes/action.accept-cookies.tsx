import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { safeRedirect } from "~/lib/menu";
import { CONSENT_COOKIE, serializeCookie } from "~/server/cookies.server";
import { requireTenant } from "~/server/guards.server";

export async function action({ request, context }: ActionFunctionArgs) {
  requireTenant(context);
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": serializeCookie(request, CONSENT_COOKIE, "1") } });
}

export const loader = () => redirect("/");
