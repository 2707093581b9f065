import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser } from "~/server/guards.server";
import { destroySession } from "~/server/session.server";
import { readForm } from "~/server/form.server";
import { flashToast } from "~/server/toast.server";

// Logout kills the session on the server (SPEC §4), then drops the cookie whatever the API said about the token.
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request, { bodyless: true });
  const { api, tenant } = optionalUser(context);
  if (api.hasSession) {
    try {
      await api.account.logout();
    } catch (error) {
      // An already-dead token is what logout wants anyway; any other failure still signs the browser out.
      if (!isApiRequestError(error, "unauthenticated")) console.error("logout failed:", error instanceof Error ? error.message : error);
    }
  }
  // SPEC §4: the stored key goes with the user, and a fresh one is fetched (a failure leaves the next request to try).
  await tenant.apiKey.renew().catch(() => undefined);
  const headers = new Headers({ "Set-Cookie": destroySession(request) });
  headers.append("Set-Cookie", flashToast(request, "info", "loggedOut"));
  return redirect("/", { headers });
}

export const loader = () => redirect("/");
