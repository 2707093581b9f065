// /buy on the server: what is being bought from the SPEC §2 query parameters (checkout preparation, SPEC §4), and
// the form actions (promo code, payment, confirmation step) as calls to the API.
import { COMMERCE_MESSAGES, type Product } from "@api/contract/commerce-types";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { returnPath } from "~/lib/auth-paths";
import { matchup } from "~/lib/format";
import { isApiRequestError } from "~/server/api/errors";
import { requireTenant } from "~/server/guards.server";
import { loadCatalogue } from "./load.server";

export type BuyTarget =
  | { kind: "product"; product: Product; eventId: number | null; categoryIds: number[]; participantIds: number[] }
  /** An event that needs no purchase (free, or for any signed-in user). */
  | { kind: "free"; eventId: number; title: string }
  | { kind: "error"; message: (typeof COMMERCE_MESSAGES)["passNotFound" | "idNotSelected"] };

const positiveId = (value: string | null): number | undefined => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** `category_ids=1,2` or repeated `category_ids=1&category_ids=2`. */
export const idList = (params: URLSearchParams, key: string): number[] =>
  [...new Set(params.getAll(key).flatMap((v) => v.split(",")).map((v) => positiveId(v.trim())).filter((v): v is number => v !== undefined))];

/** A choosable pass bought without picks goes through /select-package first. */
const needsPicks = (p: Product) => p.kind === "package" && p.event_id === null && p.pass_type === "regular" && p.max_choices !== null;

/**
 * SPEC §4 checkout preparation: a paid event needs a single-event package (its own, unless one is named); a
 * package or subscription needs its id. No id: "id not selected"; an id naming no such product: "Pass not found".
 */
export async function resolveTarget(context: AppLoadContext, params: URLSearchParams): Promise<BuyTarget> {
  const eventId = positiveId(params.get("event_id"));
  const packageId = positiveId(params.get("package_id")) ?? positiveId(params.get("single_event_package_id"));
  const subscriptionId = positiveId(params.get("subscription_id"));
  const picks = { categoryIds: idList(params, "category_ids"), participantIds: idList(params, "participant_ids") };
  const catalogue = await loadCatalogue(context);
  const notFound = { kind: "error", message: COMMERCE_MESSAGES.passNotFound } as const;

  if (params.has("event_id")) {
    if (eventId === undefined) return notFound;
    let event;
    try {
      event = await requireTenant(context).catalogue.event(eventId);
    } catch (error) {
      if (isApiRequestError(error, "not_found", "validation")) return notFound;
      throw error;
    }
    if (event.access_type !== "paid" && event.access_type !== "ppv") return { kind: "free", eventId, title: matchup(event) };
    const named = positiveId(params.get("single_event_package_id"));
    const product = named !== undefined ? catalogue.find((p) => p.id === named) : catalogue.find((p) => p.kind === "package" && p.event_id === eventId);
    if (named === undefined && !product) return { kind: "error", message: COMMERCE_MESSAGES.idNotSelected };
    if (!product || product.event_id !== eventId) return notFound;
    return { kind: "product", product, eventId, ...picks };
  }
  if (subscriptionId !== undefined) {
    const product = catalogue.find((p) => p.id === subscriptionId && p.kind === "subscription");
    return product ? { kind: "product", product, eventId: null, ...picks } : notFound;
  }
  if (packageId !== undefined) {
    const product = catalogue.find((p) => p.id === packageId && (p.kind === "package" || p.kind === "bundle"));
    if (!product) return notFound;
    if (needsPicks(product) && !picks.categoryIds.length && !picks.participantIds.length) throw redirect(`/select-package/${product.id}`);
    return { kind: "product", product, eventId: product.event_id, ...picks };
  }
  const asked = ["package_id", "subscription_id", "single_event_package_id"].some((k) => params.has(k));
  return asked ? notFound : { kind: "error", message: COMMERCE_MESSAGES.idNotSelected };
}

/** Where a paid checkout goes (SPEC §2): a same-origin `redirectTo`, else the event's watch page, else the profile. */
export function afterPurchase(params: URLSearchParams, eventId: number | null): string {
  const fallback = eventId !== null ? `/watch/${eventId}` : "/profile";
  return returnPath(params.get("redirectTo"), fallback);
}

/** The API's refusal message (4xx with a body), or null for outages, which stay errors. */
export function refusal(error: unknown): string | null {
  if (isApiRequestError(error, "validation", "not_found", "http") && error.status !== null && error.status < 500) {
    const fields = Object.values(error.fieldErrors).flat();
    return error.body?.message ?? fields[0] ?? null;
  }
  return null;
}
