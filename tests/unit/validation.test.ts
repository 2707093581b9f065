// SPEC §5 field rules as the custom-form schema applies them, in the spec's words.
import { describe, expect, it } from "vitest";
import type { CustomFormField } from "@api/contract/channel";
import { customFormSchema, EMAIL_PATTERN, EN_VALIDATION, isPhone, type ValidationMessages } from "@api/contract/validation";

const field = (name: string, type: CustomFormField["type"], extra: Partial<CustomFormField> = {}): CustomFormField => ({
  name,
  type,
  label: name,
  required: false,
  ...extra,
});

/** The per-field messages of a failed parse, or the parsed data. */
function run(fields: CustomFormField[], input: unknown, messages?: ValidationMessages) {
  const result = customFormSchema(fields, messages).safeParse(input);
  if (result.success) return { data: result.data as Record<string, unknown> };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return { errors };
}

describe("required", () => {
  const fields = [field("name", "text", { required: true })];

  it.each([
    ["missing", {}],
    ["empty", { name: "" }],
    ["blank", { name: "   " }],
    ["not a string", { name: 42 }],
    ["null", { name: null }],
  ])('a %s value: "Field is required"', (_what, input) => {
    expect(run(fields, input)).toEqual({ errors: { name: ["Field is required"] } });
  });

  it("a value is trimmed and kept", () => {
    expect(run(fields, { name: "  Ada  " })).toEqual({ data: { name: "Ada" } });
  });

  it("an empty optional field is absent, not an error", () => {
    const optional = [field("note", "text"), field("mail", "email"), field("tel", "tel"), field("pick", "select", { options: [] })];
    expect(run(optional, { note: "", mail: "", tel: null })).toEqual({ data: {} });
  });
});

describe("email", () => {
  const fields = [field("email", "email", { required: true })];

  it.each(["ada@example.com", "first.last+tag@sub.example.org", "a@b.co", "x_y@mail-host.io"])("accepts %s", (email) => {
    expect(run(fields, { email })).toEqual({ data: { email } });
  });

  it.each(["ada", "ada@", "@example.com", "ada@example", "ada@example.c", "ada@.com", "a da@example.com", "ada@@example.com", "ada@example..com"])(
    'refuses %j: "A valid email address is required"',
    (email) => {
      expect(run(fields, { email })).toEqual({ errors: { email: ["A valid email address is required"] } });
      expect(EMAIL_PATTERN.test(email)).toBe(false);
    },
  );

  it('an empty required email says only "Field is required"', () => {
    expect(run(fields, { email: "" })).toEqual({ errors: { email: ["Field is required"] } });
  });
});

describe("phone: optional plus, 10 to 14 digits with separators", () => {
  it.each(["5551234567", "+15551234567", "+1 (555) 123-4567", "555.123.4567", "+44 20 7946 0958", "12345678901234", "+33-1-23-45-67-89"])(
    "accepts %s",
    (phone) => {
      expect(isPhone(phone)).toBe(true);
      expect(run([field("phone", "tel", { required: true })], { phone })).toEqual({ data: { phone } });
    },
  );

  it.each([
    ["9 digits", "555123456"],
    ["15 digits", "123456789012345"],
    ["letters", "+1 555 abc 4567"],
    ["two pluses", "++15551234567"],
    ["a plus inside", "555+1234567"],
    ["a slash", "555/123/4567"],
  ])("refuses %s", (_what, phone) => {
    expect(isPhone(phone)).toBe(false);
    expect(run([field("phone", "tel")], { phone })).toEqual({ errors: { phone: [EN_VALIDATION.phone] } });
  });
});

describe("length", () => {
  const fields = [field("code", "text", { min_length: 3, max_length: 5 })];

  it('too short: "Field length must be greater than 3"', () => {
    expect(run(fields, { code: "ab" })).toEqual({ errors: { code: ["Field length must be greater than 3"] } });
  });

  it('too long: "Field length must be less than 5"', () => {
    expect(run(fields, { code: "abcdef" })).toEqual({ errors: { code: ["Field length must be less than 5"] } });
  });

  it("the bounds themselves pass", () => {
    expect(run(fields, { code: "abc" })).toEqual({ data: { code: "abc" } });
    expect(run(fields, { code: "abcde" })).toEqual({ data: { code: "abcde" } });
  });

  it("fills the number into translated messages", () => {
    const fr: ValidationMessages = {
      ...EN_VALIDATION,
      minLength: "La longueur doit être supérieure à {number}",
      maxLength: "La longueur doit être inférieure à {number}",
    };
    expect(run(fields, { code: "a" }, fr)).toEqual({ errors: { code: ["La longueur doit être supérieure à 3"] } });
    expect(run(fields, { code: "abcdefgh" }, fr)).toEqual({ errors: { code: ["La longueur doit être inférieure à 5"] } });
  });
});

describe("select", () => {
  const options = [
    { value: "sales", label: "Sales" },
    { value: "support", label: "Support" },
  ];

  it("accepts one of the options and refuses anything else", () => {
    const fields = [field("topic", "select", { required: true, options })];
    expect(run(fields, { topic: "support" })).toEqual({ data: { topic: "support" } });
    expect(run(fields, { topic: "hacking" })).toEqual({ errors: { topic: [EN_VALIDATION.choice] } });
    expect(run(fields, { topic: "" })).toEqual({ errors: { topic: ["Field is required"] } });
  });
});

describe("checkbox", () => {
  it("reads on, true and true as checked, anything else as unchecked", () => {
    const fields = [field("news", "checkbox")];
    for (const v of ["on", "true", true]) expect(run(fields, { news: v })).toEqual({ data: { news: true } });
    for (const v of [undefined, "", "off", "false", false]) expect(run(fields, { news: v })).toEqual({ data: { news: false } });
  });

  it('a required checkbox must be checked: "Field is required"', () => {
    const fields = [field("terms", "checkbox", { required: true })];
    expect(run(fields, {})).toEqual({ errors: { terms: ["Field is required"] } });
    expect(run(fields, { terms: "on" })).toEqual({ data: { terms: true } });
  });
});

describe("a whole form", () => {
  const contact = [
    field("name", "text", { required: true, max_length: 100 }),
    field("email", "email", { required: true }),
    field("phone", "tel"),
    field("consent", "checkbox", { required: true }),
  ];

  it("reports every failing field at once", () => {
    expect(run(contact, { email: "nope", phone: "123" })).toEqual({
      errors: {
        name: ["Field is required"],
        email: ["A valid email address is required"],
        phone: ["A valid phone number is required"],
        consent: ["Field is required"],
      },
    });
  });

  it("keeps only the form's fields (no api_key or other extras)", () => {
    const input = { name: "Ada", email: "ada@example.com", consent: "on", api_key: "secret", admin: true };
    expect(run(contact, input)).toEqual({ data: { name: "Ada", email: "ada@example.com", consent: true } });
  });
});
