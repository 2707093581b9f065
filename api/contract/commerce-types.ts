// Commerce wire shapes (issue 6, SPEC §3 "Package, subscription or addon", "Order"). zod-free, so browser code can
// import them. Money on the wire is in major units (9.99) as the SPEC's price fields are; the database keeps minor
// units (cents) so sums are exact.

export const CURRENCIES = ["USD", "CAD"] as const;
export type Currency = (typeof CURRENCIES)[number];
/** SPEC §3: USD and CAD are both shown as "$". */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: "$", CAD: "$" };
/** SPEC §1 and §9: analytics ecommerce events default to USD. */
export const TRACKING_CURRENCY: Currency = "USD";

/** SPEC §4, §5 and §8 purchase messages, word for word (the web app translates them by key). */
export const COMMERCE_MESSAGES = {
  passNotFound: "Pass not found",
  idNotSelected: "id not selected",
  wrongPromoCode: "Wrong promo code",
  invalidPromoCode: "Promo code is invalid",
  selectCard: "Please select one of your saved cards or enter new one",
  salesFinal: "All sales are final. There are no refunds",
} as const;

/** What a product is sold as: SPEC "purchase types" (subscription, package, event, additional addon) plus bundles. */
export const PRODUCT_KINDS = ["package", "subscription", "bundle"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** SPEC: package type single (one event, or a chosen set) or category (events of chosen sports). */
export const PACKAGE_TYPES = ["single", "category"] as const;
/** SPEC billing periods: annual, month, monthly — stored as two values. */
export const BILLING_PERIODS = ["month", "annual"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** Regular passes, or additions ("addition": an addon that sits on a pass). */
export const PASS_TYPES = ["regular", "addition"] as const;

export const CAPABILITIES = ["watch", "download", "clipping", "download_clip", "no_ads", "vod_media"] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface ProductLimits {
  clips: number;
  downloads: number;
}

export interface ProductRef {
  id: number;
  name: string;
}

/** A package, subscription, addon or bundle as the API lists it (GET packages, subscriptions). */
export interface Product {
  id: number;
  kind: ProductKind;
  name: string;
  description: string | null;
  /** What the buyer pays per period, before a coupon, service fee included. */
  price: number;
  /** The list price before any reduction (shown struck through when higher than price). */
  base_price: number;
  service_fee: number;
  currency: Currency;
  image: string | null;
  /** Packages: single or category; null for subscriptions and bundles. */
  type: (typeof PACKAGE_TYPES)[number] | null;
  /** Subscriptions: "monthly" or "annual" (SPEC offer); null otherwise. */
  offer: "monthly" | "annual" | null;
  period: BillingPeriod | null;
  /** Days of free trial a new subscriber gets (0: none). */
  trial_period: number;
  pass_type: (typeof PASS_TYPES)[number];
  is_team_pass: boolean;
  /** The sports a category pass can cover (the buyer picks up to `max_choices` of them on /select-package). */
  event_categories: ProductRef[];
  event_category_id: number | null;
  /** The teams a team pass can cover. */
  participants: ProductRef[];
  /** How many categories or teams the buyer picks (null: all of them, nothing to choose). */
  max_choices: number | null;
  /** A single-event package's event. */
  event_id: number | null;
  capabilities: Capability[];
  limits: ProductLimits;
  /** SPEC §6: shown as a label. */
  simultaneous_logins: number | null;
  /** Addons that can be bought on top of this pass. */
  addons: ProductRef[];
  /** An addon: the pass it sits on (SPEC: the addon link field, not shown to buyers). */
  addon_of: number | null;
  /** Bundles: the products it contains. */
  items: ProductRef[];
  weight: number;
}

export const ORDER_STATUSES_WIRE = ["pending", "paid", "failed", "refunded"] as const;
export const TRANSACTION_STATUSES = ["created", "failed", "paid", "refunded"] as const;
export const SUBSCRIPTION_STATES = ["active", "inactive", "expired", "canceled"] as const;
export const RENEWAL_STATES = ["active", "cancelled"] as const;
export const TRANSACTION_KINDS = ["charge", "renewal", "refund"] as const;
/** Stripe's coupon durations: the first invoice only, every invoice, or `duration_months` of them. */
export const COUPON_DURATIONS = ["once", "forever", "repeating"] as const;

// ---- Checkout and orders (issue 6, part 2). Money in major units, like Product. ----

/**
 * What an order gives, as the API decides it (services/commerce/validity.ts) and the profile and the receipt mail say
 * it: a single event (its name and start), a fixed-term pass (valid until), a subscription that renews (on its next
 * charge) or whose renewal is off (access ends), or a pass without an end.
 */
export type OrderValidity =
  | { kind: "event"; event_id: number; title: string; starts_at: string | null; time_zone: string | null }
  | { kind: "until"; at: string }
  | { kind: "renews"; at: string }
  | { kind: "ends"; at: string }
  | { kind: "open" };

/** GET orders, orders/{id}: one purchase as the buyer sees it (SPEC §3 "Order"). */
export interface Order {
  id: number;
  type: "event" | "package" | "subscription";
  status: (typeof ORDER_STATUSES_WIRE)[number];
  activity_status: "active" | "inactive";
  /** SPEC: product {id, event_category_id, participant_id}; plus what the profile shows. */
  product: { id: number | null; name: string; kind: ProductKind | "event"; event_category_id: number | null; participant_id: number | null };
  /** The event of an event order (ppv). */
  event_id: number | null;
  /** The price the order was placed at (a subscription's per-period price), major units. */
  amount: number | null;
  /**
   * What the buyer has actually been charged for this order: paid charges and renewals less refunds, major units.
   * A trial that has not yet renewed is 0 though `amount` is the subscription's price.
   */
  amount_paid: number;
  discount: number;
  currency: Currency | null;
  created_at: string;
  starts_at: string;
  ends_at: string | null;
  /** Subscriptions: auto-renewal on ("active") or off ("cancelled"); null for one-off passes. */
  renewal: (typeof RENEWAL_STATES)[number] | null;
  subscription_status: (typeof SUBSCRIPTION_STATES)[number] | null;
  trial_ends_at: string | null;
  current_period_end: string | null;
  /** What the order gives and until when (the profile shows it as it is). */
  validity: OrderValidity;
  /** Why the last payment failed (the card issuer's words), when status is "failed". */
  failure_message: string | null;
  selected_category_ids: number[];
  selected_participant_ids: number[];
  capabilities: Capability[];
  limits: ProductLimits;
  /** SPEC §6 label, e.g. 2 → shown as "2 simultaneous logins" (translated by the web app). */
  simultaneous_logins: number | null;
}

/** GET transactions: one charge, renewal or refund. */
export interface Transaction {
  id: number;
  order_id: number;
  status: (typeof TRANSACTION_STATUSES)[number];
  kind: (typeof TRANSACTION_KINDS)[number];
  amount: number;
  currency: Currency;
  product_name: string;
  failure_message: string | null;
  created_at: string;
}

/** GET stripe/list-cards. */
export interface SavedCardWire {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/**
 * POST stripe/buy, stripe/buy_bundle, /stripe/subscription/start_trial, /stripe/confirm-payment: the order is
 * created pending; the browser polls orders/{id} every 2000 ms until it is paid or failed (SPEC §4).
 */
export interface BuyResult {
  order_id: number;
  /** pending: wait for the payment event; requires_action: confirm first; failed: declined now (message). */
  status: "pending" | "requires_action" | "failed";
  /** requires_action: what Stripe.js (or the sandbox confirmation step) needs. */
  client_secret: string | null;
  message: string | null;
}

/**
 * GET /purchase-state?product_id= (issue 28): the buyer's holding of a product, as checkout judges it. `purchased`: a
 * purchase would be refused as already made (the shop shows "Owned"); the disabled ids are the sports or teams of a
 * pick-your-own pass the buyer already holds (not offered again). Signed out: nothing held.
 */
export interface PurchaseStateWire {
  purchased: boolean;
  disabled_event_category_ids: number[];
  disabled_participant_ids: number[];
}

/** GET /purchase-state without product_id: the ids of every product on sale that the buyer has already purchased. */
export interface PurchasedWire {
  purchased_ids: number[];
}

// ---- GET /simulate (issue 6, part 2): "what is the cheapest way to watch this?" ----

/** One way to get access, as this user would pay for it today (money in major units). */
export interface SimulateOptionWire {
  product: Product;
  /** The first charge, service fee included, before any coupon. */
  price: number;
  /** What the user pays today: 0 when already owned or during a free trial. */
  effective_price: number;
  currency: Currency;
  owned: boolean;
  /** Days of free trial this user would get (0: none). */
  trial_days: number;
  /** Where to get it: /buy?… or /select-package/{id}; an owned pass of an event links to /watch/{id}; else null. */
  link: string | null;
}

export interface SimulateResultWire {
  target: { kind: "event" | "team" | "sport"; id: number; name: string };
  /** False for a free event: nothing to buy. */
  needs_purchase: boolean;
  /** Cheapest first: the first one is the recommendation. */
  options: SimulateOptionWire[];
}

/** POST /stripe/invoice-preview and GET apply_coupon: pricing.ts `InvoicePreview` in major units. */
export interface InvoicePreviewWire {
  currency: Currency;
  /** The product's share of the price (price − service fee). */
  subtotal: number;
  service_fee: number;
  /** The coupon's reduction of the first charge (of the whole price, fee included). */
  discount: number;
  /** The first charge: subtotal + service fee − discount. */
  total: number;
  /** What is charged now: the total, or 0 during a free trial. */
  due_today: number;
  trial_days: number;
  /** Epoch ms of the first charge (now, or the end of the trial). */
  first_charge_at: number;
  /** Subscriptions: the charge after the first (the coupon applied if it still covers it), and when. */
  next_charge: { amount: number; at: number } | null;
}
