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
