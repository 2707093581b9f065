import { AUTH_MESSAGES, type AuthFormMessages } from "@api/contract/auth";
import type { ValidationMessages } from "@api/contract/validation";
import type { TFunction } from "i18next";
import { config as zodConfig } from "zod/v4/core";

// Every form schema is parsed with messages from here. In the browser, zod would probe `new Function` for its fast
// path; the CSP forbids eval, so the probe would only log a violation.
zodConfig({ jitless: true });

/** The SPEC §5 messages in the visitor's language, for the shared zod schemas. */
export function validationMessages(t: TFunction): ValidationMessages {
  return {
    required: t("validation.required"),
    email: t("validation.email"),
    phone: t("validation.phone"),
    minLength: t("validation.minLength"),
    maxLength: t("validation.maxLength"),
    choice: t("validation.choice"),
  };
}

/** The SPEC §5 account-form messages in the visitor's language (any `t`: the keys carry their namespace). */
export function authFormMessages(t: TFunction): AuthFormMessages {
  return {
    required: t("common:validation.required"),
    email: t("common:validation.email"),
    phone: t("common:validation.phone"),
    minLength: t("common:validation.minLength"),
    maxLength: t("common:validation.maxLength"),
    passwordTooShort: t("auth:form.passwordTooShort"),
    passwordMismatch: t("auth:form.passwordMismatch"),
    acceptTerms: t("auth:form.acceptTerms"),
  };
}

/** An API message of SPEC §8 (always in English) in the visitor's language; other text passes unchanged. */
export function authMessage(t: TFunction, message: string): string {
  const key = (Object.keys(AUTH_MESSAGES) as (keyof typeof AUTH_MESSAGES)[]).find((k) => AUTH_MESSAGES[k] === message);
  return key ? t(`auth:messages.${key}`) : message;
}

/** API field errors with their SPEC §8 messages translated, for `submission.reply({ fieldErrors })`. */
export function authFieldErrors(t: TFunction, errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => authMessage(t, m))]));
}
