// The words of the domains page for what the API says in English (issue 16): its refusals, and the hostname rules
// the form checks in the browser with the API's own schema.
import { CONSOLE_MESSAGES } from "@api/contract/console-messages";
import { DOMAIN_CLAIM_TTL_MS, HOUR_MS } from "@api/contract/constants";
import { DOMAIN_MESSAGES, type DomainFormMessages, MAX_CUSTOM_DOMAINS } from "@api/contract/domains";
import type { TFunction } from "i18next";

/** The hostname rules' messages in the visitor's language, for addDomainSchema. */
export function domainFormMessages(t: TFunction): DomainFormMessages {
  return {
    required: t("domains:validation.required"),
    invalid: t("domains:validation.invalid"),
    ip: t("domains:validation.ip"),
    tooLong: t("domains:validation.tooLong"),
  };
}

const KNOWN: Record<string, string> = {
  [CONSOLE_MESSAGES.domainTaken]: "messages.domainTaken",
  [CONSOLE_MESSAGES.domainRoot]: "messages.domainRoot",
  [CONSOLE_MESSAGES.forbidden]: "messages.forbidden",
  [CONSOLE_MESSAGES.notFound]: "messages.notFound",
  [DOMAIN_MESSAGES.alreadyYours]: "messages.alreadyYours",
  [DOMAIN_MESSAGES.tooMany]: "messages.tooMany",
  [DOMAIN_MESSAGES.providerDown]: "messages.providerDown",
  [DOMAIN_MESSAGES.verifiedElsewhere]: "messages.verifiedElsewhere",
  [DOMAIN_MESSAGES.claimExpired]: "messages.claimExpired",
  [DOMAIN_MESSAGES.claimTakenOver]: "messages.claimTakenOver",
  [DOMAIN_MESSAGES.required]: "validation.required",
  [DOMAIN_MESSAGES.invalid]: "validation.invalid",
  [DOMAIN_MESSAGES.ip]: "validation.ip",
  [DOMAIN_MESSAGES.tooLong]: "validation.tooLong",
};

/** An API message about domains in the visitor's language; any other text passes unchanged. */
export function domainMessage(t: TFunction, message: string): string {
  const key = KNOWN[message];
  return key ? t(`domains:${key}`, { max: MAX_CUSTOM_DOMAINS, days: DOMAIN_CLAIM_TTL_MS / (24 * HOUR_MS) }) : message;
}
