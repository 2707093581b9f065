// The inputs of the account forms: a label, the control and its inline error, tied together for screen readers.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type InputType = "text" | "email" | "tel" | "password";

export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  hint,
  optional,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  hint?: string;
  optional?: boolean;
}) {
  const { t } = useTranslation("auth");
  const errorId = `${meta.id}-error`;
  const hintId = `${meta.id}-hint`;
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  // Passwords are never sent back to the page after a failed submission.
  const props = getInputProps(meta, { type, value: type !== "password" });
  return (
    <div className="field">
      <label htmlFor={meta.id}>
        {label}
        {optional ? <span className="field__required"> ({t("form.optional")})</span> : null}
      </label>
      <input {...props} key={props.key} autoComplete={autoComplete} aria-describedby={describedBy} />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ meta, label }: { meta: FieldMetadata<unknown>; label: ReactNode }) {
  const errorId = `${meta.id}-error`;
  const props = getInputProps(meta, { type: "checkbox" });
  return (
    <div className="field field--checkbox">
      <input {...props} key={props.key} aria-describedby={meta.errors?.length ? errorId : undefined} />
      <label htmlFor={meta.id}>{label}</label>
      <FieldError id={errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {errors[0]}
    </p>
  );
}

/** A form-level message (throttling, a failed link) or a confirmation. */
export function FormNotice({ tone, children }: { tone: "error" | "success" | "info"; children: ReactNode }) {
  return (
    <p className={`notice notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** The frame every account page shares: one heading and a narrow column. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page narrow auth-page" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {children}
    </section>
  );
}
