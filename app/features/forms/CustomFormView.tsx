import type { CustomForm, CustomFormField } from "@api/contract/channel";
import { customFormSchema } from "@api/contract/validation";
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { validationMessages } from "~/lib/validation";

/** A channel's custom form, validated with the same schema in the browser and on the server. */
export function CustomFormView({ form, lastResult, sent }: { form: CustomForm; lastResult?: SubmissionResult<string[]> | null; sent: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [meta, fields] = useForm({
    id: `custom-form-${form.alias}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: customFormSchema(form.fields, validationMessages(t)) }),
  });
  const busy = navigation.state === "submitting";
  return (
    <section className="custom-form" aria-labelledby={`${meta.id}-title`}>
      <h2 id={`${meta.id}-title`}>{form.title}</h2>
      {sent ? (
        <p className="notice notice--success" role="status">
          {form.success_message ?? t("contacts.sent")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(meta)} noValidate>
        {/* A refusal of the whole form (too many posts from this address), in the server's words. */}
        {meta.errors?.length ? (
          <p className="notice notice--error" role="alert">
            {meta.errors[0] ?? t("contacts.formError")}
          </p>
        ) : null}
        {form.fields.map((field) => (
          <Field key={field.name} field={field} meta={fields[field.name] as FieldMetadata<string>} />
        ))}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("contacts.sending") : t("contacts.send")}
        </button>
      </Form>
    </section>
  );
}

function Field({ field, meta }: { field: CustomFormField; meta: FieldMetadata<string> }) {
  const { t } = useTranslation();
  const errorId = `${meta.id}-error`;
  const invalid = Boolean(meta.errors?.length);
  const common = {
    id: meta.id,
    name: meta.name,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? errorId : undefined,
    required: field.required,
  };
  const label = (
    <>
      {field.label}
      {field.required ? <span className="field__required"> ({t("contacts.required")})</span> : null}
    </>
  );
  let control;
  if (field.type === "textarea") {
    control = <textarea {...common} rows={6} defaultValue={meta.initialValue ?? ""} maxLength={field.max_length} />;
  } else if (field.type === "select") {
    control = (
      <select {...common} defaultValue={meta.initialValue ?? ""}>
        <option value="">—</option>
        {field.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.type === "checkbox") {
    return (
      <div className="field field--checkbox">
        <input type="checkbox" {...common} defaultChecked={meta.initialValue === "on"} />
        <label htmlFor={meta.id}>{label}</label>
        <FieldError id={errorId} errors={meta.errors} />
      </div>
    );
  } else {
    control = (
      <input
        type={field.type}
        {...common}
        defaultValue={meta.initialValue ?? ""}
        maxLength={field.max_length}
        autoComplete={field.type === "email" ? "email" : field.type === "tel" ? "tel" : field.name === "name" ? "name" : undefined}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {control}
      <FieldError id={errorId} errors={meta.errors} />
    </div>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {errors[0]}
    </p>
  );
}
