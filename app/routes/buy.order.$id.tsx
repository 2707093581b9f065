// GET /buy/order/{id}: the buyer's order as JSON, for the checkout's order poll (SPEC §4). Another user's or
// channel's order is the API's 404; a signed-out request gets 401 (the poll stops on any error).
import { type LoaderFunctionArgs, json } from "@remix-run/cloudflare";
import { isApiRequestError } from "~/server/api/errors";
import { optionalUser } from "~/server/guards.server";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const { user, api } = optionalUser(context);
  const headers = { "Cache-Control": "no-store" };
  if (!user) return json({ message: "Unauthenticated" }, { status: 401, headers });
  if (!/^\d{1,9}$/.test(params.id ?? "")) return json({ message: "Not found" }, { status: 404, headers });
  try {
    const order = await api.commerce.order(Number(params.id));
    return json({ order }, { headers });
  } catch (error) {
    if (isApiRequestError(error, "not_found", "validation")) return json({ message: "Not found" }, { status: 404, headers });
    if (isApiRequestError(error, "unauthenticated")) return json({ message: "Unauthenticated" }, { status: 401, headers });
    throw error;
  }
}
