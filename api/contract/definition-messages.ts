// The channel definition's field messages (issue 16): every message its schema (api/channels) says, as a stable
// code with its English words; the schema says them from here (DM.keyFormat, say({ code, params })). A refused console save answers the English words in `errors` (SPEC §8) and the
// same messages as codes with their values in `codes`, which the console shows in the page's language
// (app/locales/*/console.json "schema"). A message the catalogue does not know falls back to "invalid".
import type { z } from "zod";

export const DEFINITION_MESSAGES = {
  // zod's own checks, by issue kind
  required: "Field is required",
  type: "must be a {expected}",
  tooSmall: "must be at least {minimum}",
  tooShort: "must be at least {minimum} characters",
  tooFew: "needs at least {minimum} items",
  tooBig: "must be at most {maximum}",
  tooLong: "must be at most {maximum} characters",
  tooMany: "has more than {maximum} items",
  choice: "must be one of {values}",
  format: "is not in the expected format",
  multipleOf: "must be a multiple of {divisor}",
  unknownKey: "unknown key",
  invalid: "is not valid",
  // formats
  aliasFormat: "must be lowercase letters, numbers and hyphens",
  keyFormat: "must be lowercase letters, numbers, '.', '_' or '-'",
  formAliasFormat: "must be lowercase letters, numbers, '_' or '-'",
  snakeFormat: "must be lowercase letters, numbers and '_'",
  pageUrlFormat: 'must be a path like "/about"',
  hostnameFormat: "must be a lowercase hostname",
  linkFormat: 'must be a path like "/schedule" or an http(s) URL',
  imageFormat: 'must be a path inside images/ (like "slides/hero.svg") or an http(s) URL',
  imagePathFormat: 'must be a path inside images/ (like "posters/hockey-1.svg")',
  insideImages: "must stay inside images/",
  imageKindFormat: "must be an image kind like logo",
  propertyKeyFormat: "must be a property key like conference",
  colorFormat: "must be a #rrggbb colour",
  placementFormat: "must be home_top, home_bottom, footer or page:<url>",
  prerollUrlFormat: 'must be "media:<asset>/<file>", a file of the media bucket (e.g. "media:promo/preroll.mp4")',
  channelKeyFormat: 'must look like "ck_<alias>_<random>"',
  timeZoneFormat: 'must be an IANA time zone like "America/Chicago"',
  timeFormat: 'must be a 24-hour "HH:MM" time',
  countryFormat: 'must be a two-letter country code like "US"',
  mediaKeyFormat: 'must be a media asset name like "demo"',
  instantFormat: 'must be an ISO date-time like "2025-09-01T00:00:00Z"',
  stripePriceFormat: 'must be a Stripe price id like "price_123"',
  couponCodeFormat: "must be 3 to 32 letters, numbers, '_' or '-'",
  emailFormat: "must be an email address",
  wholeSeconds: "must be a whole number of seconds, at least one",
  twoDecimals: "must have at most two decimals",
  localizedNeedsLanguage: 'needs at least one of "en", "fr"',
  // menu, forms, blocks
  linkNeedsUrl: 'is required for kind "link" (unless it has children)',
  requiredForKind: 'is required for kind "{kind}"',
  requiredForSlideType: 'is required for slidable_type "{type}"',
  aliasOnlyForKinds: "is only for kinds group, participant, category",
  placementRequired: "is required (header, footer or both)",
  selectNeedsOptions: "a select needs options",
  imageBlockNeedsImage: "an image block needs an image",
  textBlockNeedsContent: "a text block needs content",
  // references and uniqueness
  duplicate: 'duplicate {what} "{value}"',
  alreadyUsed: '"{value}" is already used',
  noPage: 'no page with url "{url}" in pages',
  notInCatalogue: 'unknown {what} "{value}" (not in the catalogue)',
  unknownProperty: 'unknown property "{key}" (not in participant_group_properties)',
  unknownRef: 'unknown {what} "{value}"',
  notPropertyValue: '"{value}" is not a value of property "{key}"',
  imageNotFound: 'image "{value}" not found',
  contrast: "{ratio}:1 on {background}",
  // the catalogue
  dateWithoutEvent: "is required when the item has no event",
  ownParent: "a {what} cannot be its own parent",
  playsItself: "a team cannot play itself",
  wrongSport: 'team "{team}" plays {sport}, not {eventSport}',
  genderMismatch: '"{away}" ({awayGender}) cannot play "{home}" ({homeGender})',
  parentLoop: 'parents loop back to "{value}"',
  alreadyInRail: '"{value}" is already in this rail',
  // products and coupons
  packageType: 'is required for a package ("single" or "category")',
  onlyPackagesType: "only packages have a type",
  subscriptionPeriod: 'is required for a subscription ("month" or "annual")',
  onlySubscriptionsTrial: "only subscriptions have a trial",
  singleNamesEvent: "a single-event package names its event",
  onlySingleEvent: 'only a package of type "single" names an event',
  passCovers: "a {what} pass names what it covers",
  teamPassCategory: 'a team pass is a package of type "category"',
  tooManyChoices: "is more than there is to choose",
  bundleTwo: "a bundle holds at least two products",
  onlyBundlesItems: "only bundles hold items",
  onlyPackageAddon: "only a package can be an addon",
  belowPrice: "must not be below the price",
  feeOverPrice: "must not exceed the price (which includes it)",
  notAPass: '"{value}" is not a pass',
  bundleInBundle: "a bundle cannot hold a bundle",
  otherCurrency: '"{value}" is sold in another currency',
  oneDiscount: "give exactly one of percent_off and amount_off",
  repeatingMonths: 'is required with, and only with, duration "repeating"',
  afterValidFrom: "must be after valid_from",
  // demo accounts' purchases
  unknownOrderProduct: 'unknown product "{value}" (not a package or subscription in products.json)',
  differsFromProduct: "differ from the product's: {value}",
  // what the console's form itself cannot read (app/features/console/fields.ts)
  notNumber: "must be a number",
  notDateTime: "must be a date and time",
  notJson: "must be valid JSON",
} as const;

export type DefinitionMessageCode = keyof typeof DEFINITION_MESSAGES;
export const DEFINITION_MESSAGE_CODES = Object.keys(DEFINITION_MESSAGES) as DefinitionMessageCode[];

/** One field message as a code and the values its words name. */
export interface FieldCode {
  code: DefinitionMessageCode;
  params?: Record<string, string | number>;
}
/** A refusal's messages by field, as codes (parallel to its `errors`). */
export type FieldCodes = Record<string, FieldCode[]>;

/** The English words of a code with its values. */
export function definitionMessage({ code, params = {} }: FieldCode): string {
  return DEFINITION_MESSAGES[code].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

// The catalogue's words as patterns, the most specific first (fewest placeholders), so a fixed message wins.
const PATTERNS = DEFINITION_MESSAGE_CODES.map((code) => {
  const text: string = DEFINITION_MESSAGES[code];
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const source = text
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("(.+?)");
  return { code, names, pattern: new RegExp(`^${source}$`) };
}).sort((a, b) => a.names.length - b.names.length);

/** The code of a message in the schema's English words, with its values; undefined when the catalogue lacks it. */
export function codeOfMessage(message: string): FieldCode | undefined {
  for (const { code, names, pattern } of PATTERNS) {
    const m = pattern.exec(message);
    if (!m) continue;
    return names.length ? { code, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) } : { code };
  }
  return undefined;
}

/** A validation issue of the definition schema as a code: its own words when the catalogue has them, else its kind. */
export function codeOfIssue(issue: z.core.$ZodIssue): FieldCode {
  if (issue.code === "unrecognized_keys") return { code: "unknownKey" };
  const known = codeOfMessage(issue.message);
  if (known) return known;
  switch (issue.code) {
    case "invalid_type":
      return /received undefined/.test(issue.message) ? { code: "required" } : { code: "type", params: { expected: issue.expected } };
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") return minimum <= 1 ? { code: "required" } : { code: "tooShort", params: { minimum } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "tooFew", params: { minimum } };
      return { code: "tooSmall", params: { minimum } };
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return { code: "tooLong", params: { maximum } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "tooMany", params: { maximum } };
      return { code: "tooBig", params: { maximum } };
    }
    case "invalid_value":
      return { code: "choice", params: { values: issue.values.map(String).join(", ") } };
    case "invalid_format":
      return { code: "format" };
    case "invalid_union": {
      // Nothing given (a translatable text left empty): every branch wanted a value.
      const missing = (i: z.core.$ZodIssue) => i.code === "invalid_type" && /received undefined/.test(i.message);
      if (issue.errors.length && issue.errors.every((branch) => branch.some(missing))) return { code: "required" };
      // The branch the value's type matched says what is wrong with it.
      const matched = issue.errors.find((branch) => branch.length && !branch.every((i) => i.code === "invalid_type" && i.path.length === 0));
      return matched ? codeOfIssue(matched[0]) : { code: "invalid" };
    }
    case "not_multiple_of":
      return { code: "multipleOf", params: { divisor: Number(issue.divisor) } };
    default:
      return { code: "invalid" };
  }
}
