import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser } from "~/server/guards.server";
import { destroySession } from "~/server/session.server";
import { readForm } from "~/server/form.server";

// Logout kills the session on the server (SPEC §4), then drops the cookie whatever the API said about the token.
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request, { bodyless: true });
  const { api } = optionalUser(context);
  if (api.hasSession) {
    try {
      await api.account.logout();
    } catch (error) {
      // An already-dead token is what logout wants anyway; any other failure still signs the browser out.
      if (!isApiRequestError(error, "unauthenticated")) console.error("logout failed:", error instanceof Error ? error.message : error);
    }
  }
  return redirect("/", { headers: { "Set-Cookie": destroySession(request) } });
}

export const loader = () => redirect("/");
