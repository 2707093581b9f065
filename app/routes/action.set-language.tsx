import { LANGUAGES } from "@api/contract/constants";
import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { safeRedirectPath } from "@api/lib/safe-redirect";
import { LANGUAGE_COOKIE, serializeCookie } from "~/server/cookies.server";
import { requireTenant } from "~/server/guards.server";
import { readForm } from "~/server/form.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { channel } = requireTenant(context);
  const lng = form.get("lng");
  const to = safeRedirectPath(form.get("redirectTo"), "/");
  const headers = new Headers();
  if (typeof lng === "string" && (LANGUAGES as readonly string[]).includes(lng) && channel.languages.includes(lng as (typeof LANGUAGES)[number])) {
    headers.append("Set-Cookie", serializeCookie(request, LANGUAGE_COOKIE, lng));
  }
  return redirect(to, { headers });
}

export const loader = () => redirect("/");
