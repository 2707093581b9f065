// The channel's Google tag (gtag.js, GA4) once the visitor accepted cookies: loaded on demand by GoogleTag
// (google-tag-loader.tsx), never part of a route's first bundle. It sends a page_view per page, client navigations
// included, and the shop's commerce events as GA4 ecommerce events (SPEC §1; USD by default, SPEC §9).
import { onCommerceEvent, type CommerceEvent } from "~/features/commerce/events";

export const GOOGLE_TAG_ORIGIN = "https://www.googletagmanager.com";

export const googleTagSrc = (id: string) => `${GOOGLE_TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;

type Gtag = (...args: unknown[]) => void;
/** Google's globals, typed here rather than on Window: another module may declare them its own way. */
type TagWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

export interface Ga4Item {
  item_id: string;
  item_name: string;
  price: number;
  quantity: 1;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
}

export interface Ga4Params {
  currency: string;
  value?: number;
  transaction_id?: string;
  coupon?: string;
  item_list_id?: string;
  item_list_name?: string;
  items: Ga4Item[];
}

/** A commerce event as GA4's recommended ecommerce event (https://developers.google.com/analytics/devguides/collection/ga4/reference/events). */
export function ga4Event(event: CommerceEvent): [name: CommerceEvent["name"], params: Ga4Params] {
  const list = event.list ? { item_list_id: event.list.id, item_list_name: event.list.name } : {};
  const items = event.items.map((item, index): Ga4Item => ({
    item_id: String(item.id),
    item_name: item.name,
    price: item.price,
    quantity: 1,
    ...(event.list ? { index, ...list } : {}),
  }));
  const params: Ga4Params = { currency: event.currency, ...list, items };
  // A list has no amount at stake (GA4's view_item_list takes none).
  if (event.name !== "view_item_list") params.value = event.value;
  if (event.name === "purchase" && event.orderId !== undefined) params.transaction_id = String(event.orderId);
  if (event.coupon) params.coupon = event.coupon;
  return [event.name, params];
}

/** The document's CSP nonce: browsers hide the attribute, but a script element keeps it as a property. */
function documentNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

export interface RunningTag {
  /**
   * A page_view for the page now shown, unless it is the one last counted (a form posted back to its page), as GA4's
   * own history tracking does. The first one also sends what was waiting.
   */
  pageView(): void;
}

let running: RunningTag | null = null;

/**
 * Starts the tag once per document: Google's queue (`dataLayer`, `gtag`), the script with the page's nonce, and the
 * commerce listener. `waiting` holds this page's events sent before the tag ran; they follow its first page_view.
 */
export function startGoogleTag(id: string, waiting: readonly CommerceEvent[] = []): RunningTag {
  if (running) return running;
  const win = window as TagWindow;
  const dataLayer = (win.dataLayer ??= []);
  // gtag.js reads each command as an arguments object, not an array.
  const gtag: Gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag = gtag;
  gtag("js", new Date());
  // Page views are sent by hand, so client navigations count and the first one is not sent twice.
  gtag("config", id, { send_page_view: false });

  const script = document.createElement("script");
  script.async = true;
  script.src = googleTagSrc(id);
  // The attribute (not only the property), so the element shows its nonce like the page's own scripts.
  const nonce = documentNonce();
  if (nonce) script.setAttribute("nonce", nonce);
  document.head.appendChild(script);

  const backlog = [...waiting];
  let viewed = false;
  let previous: string | null = null;
  const send = (event: CommerceEvent) => gtag("event", ...ga4Event(event));
  onCommerceEvent((event) => (viewed ? send(event) : backlog.push(event)));

  running = {
    pageView() {
      const location = window.location.href;
      if (location === previous) return;
      gtag("event", "page_view", { page_location: location, page_title: document.title, ...(previous ? { page_referrer: previous } : {}) });
      previous = location;
      if (!viewed) {
        viewed = true;
        for (const event of backlog.splice(0)) send(event);
      }
    },
  };
  return running;
}
