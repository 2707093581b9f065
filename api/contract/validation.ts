// Field rules of SPEC §5, shared by the API and the web forms. Messages are passed in, so the API answers
// in the spec's English words and the web app shows the same rule in the visitor's language.
import { z } from "zod";
import type { CustomFormField } from "./channel";

export interface ValidationMessages {
  required: string;
  email: string;
  phone: string;
  /** "{number}" is replaced by the bound. */
  minLength: string;
  maxLength: string;
  choice: string;
}

export const EN_VALIDATION: ValidationMessages = {
  required: "Field is required",
  email: "A valid email address is required",
  phone: "A valid phone number is required",
  minLength: "Field length must be greater than {number}",
  maxLength: "Field length must be less than {number}",
  choice: "Please choose one of the options",
};

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** Optional plus, then 10 to 14 digits with spaces, dots, dashes or brackets between them. */
export function isPhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 10 && digits <= 14;
}

const fill = (message: string, n: number) => message.replace("{number}", String(n));

function fieldSchema(field: CustomFormField, m: ValidationMessages): z.ZodType {
  if (field.type === "checkbox") {
    const checked = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
    return field.required ? checked.refine((v) => v, m.required) : checked;
  }
  let s = z.string({ error: m.required }).trim();
  if (field.required) s = s.min(1, m.required);
  if (field.min_length) s = s.min(field.min_length, fill(m.minLength, field.min_length));
  if (field.max_length) s = s.max(field.max_length, fill(m.maxLength, field.max_length));
  let refined: z.ZodType<string> = s;
  if (field.type === "email") refined = s.refine((v) => v === "" || EMAIL_PATTERN.test(v), m.email);
  if (field.type === "tel") refined = s.refine((v) => v === "" || isPhone(v), m.phone);
  if (field.type === "select") {
    const values = new Set((field.options ?? []).map((o) => o.value));
    refined = s.refine((v) => v === "" || values.has(v), m.choice);
  }
  // An empty optional field is absent, not an error.
  return field.required ? refined : z.preprocess((v) => (v === "" || v == null ? undefined : v), refined.optional());
}

/** The zod schema of a channel's custom form, built from its field definitions. */
export function customFormSchema(fields: CustomFormField[], m: ValidationMessages = EN_VALIDATION) {
  return z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, m)])));
}
