import type { ValidationMessages } from "@api/contract/validation";
import type { TFunction } from "i18next";

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
