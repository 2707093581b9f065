import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadOrders } from "~/features/commerce/load.server";
import { OrderCard } from "~/features/orders/OrderCard";
import { isCurrent } from "~/features/orders/format";
import { metaFromLoader } from "~/lib/route-meta";
import { isApiRequestError } from "~/server/api/errors";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

// Active orders, the profile's default section (SPEC §2): the passes, events and subscriptions that give access now,
// with the auto-renewal cancel flow and the payment provider's customer portal.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = requireUser(context, request);
  const [t, orders] = await Promise.all([getT(tenant.lang), loadOrders(context)]);
  const url = new URL(request.url);
  const idParam = (name: string) => {
    const n = Number(url.searchParams.get(name));
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  };
  const now = Date.now();
  return {
    orders: orders.filter((o) => isCurrent(o, now)),
    /** The order whose cancel confirm step is open (`?cancel={id}`). */
    confirmId: idParam("cancel"),
    /** The order whose auto-renewal was just cancelled (`?cancelled={id}`, after the POST). */
    cancelledId: idParam("cancelled"),
    /** The portal is for buyers: someone who only holds granted passes has no customer at the provider. */
    hasPayments: orders.some((o) => o.amount !== null),
    meta: { title: t("auth:titles.activeOrders") },
  };
}

export const meta = metaFromLoader;

type ActionResult = { error: "cancel"; orderId: number | null } | { error: "portal" | "unknown" };

/**
 * intent=unsubscribe: turns auto-renewal off (POST stripe/unsubscribe), then back to the list with the finished
 * message. intent=portal: opens the provider's customer portal, which returns here.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, api } = requireUser(context, request);
  const intent = form.get("intent");
  if (intent === "unsubscribe") {
    const id = Number(form.get("order_id"));
    if (!Number.isSafeInteger(id) || id <= 0) return json<ActionResult>({ error: "cancel", orderId: null }, { status: 400 });
    try {
      await api.orders.unsubscribe(id);
    } catch (error) {
      // A refusal (not found, not a renewing subscription) is shown on the order; outages stay errors.
      if (isApiRequestError(error, "not_found", "validation", "http")) return json<ActionResult>({ error: "cancel", orderId: id }, { status: 400 });
      throw error;
    }
    return redirect(`/profile?cancelled=${id}`);
  }
  if (intent === "portal") {
    try {
      const { url } = await api.orders.customerPortal(new URL("/profile", tenant.origin).toString());
      return redirect(url);
    } catch (error) {
      if (isApiRequestError(error, "not_found", "validation", "http")) return json<ActionResult>({ error: "portal" }, { status: 400 });
      throw error;
    }
  }
  return json<ActionResult>({ error: "unknown" }, { status: 400 });
}

export default function ActiveOrders() {
  const { orders, confirmId, cancelledId, hasPayments } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const { t: o } = useTranslation("orders");
  const failedId = result && result.error === "cancel" ? result.orderId : null;
  const openingPortal = navigation.state !== "idle" && navigation.formData?.get("intent") === "portal";
  return (
    <section className="profile__section" aria-labelledby="active-orders">
      <h2 id="active-orders">{t("profile.activeOrders")}</h2>
      {orders.length ? (
        <div className="orders" data-testid="orders">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} confirming={confirmId === order.id} cancelled={cancelledId === order.id} failed={failedId === order.id} />
          ))}
        </div>
      ) : (
        <div className="empty-state">
          <p>{t("profile.noOrders")}</p>
          <div className="orders__actions">
            <Link to="/upcoming" className="button button--primary">
              {t("profile.browse")}
            </Link>
            <Link to="/packages" className="button">
              {o("orders.packages")}
            </Link>
          </div>
        </div>
      )}
      {hasPayments ? (
        <section className="orders__portal" aria-labelledby="payments-portal">
          <h3 id="payments-portal">{o("portal.title")}</h3>
          <p>{o("portal.text")}</p>
          {result?.error === "portal" ? (
            <p className="notice notice--error" role="alert">
              {o("portal.failed")}
            </p>
          ) : null}
          <Form method="post">
            <button type="submit" name="intent" value="portal" className="button" disabled={openingPortal} data-testid="customer-portal">
              {o("portal.open")}
            </button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}
