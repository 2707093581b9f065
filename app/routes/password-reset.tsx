import { passwordResetSchema, signedLinkSchema, type SignedLinkInput } from "@api/contract/auth";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AuthPage, FormNotice, TextField } from "~/features/auth/AuthFields";
import { authLinks } from "~/features/auth/links";
import { metaFromLoader } from "~/lib/route-meta";
import { authFieldErrors, authFormMessages, authMessage } from "~/lib/validation";
import { isApiRequestError } from "~/server/api/errors";
import { requireAnonymous } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";
import type { ReadyTenant } from "~/server/tenant.server";

export const links = authLinks;

// The mailed link carries email, expires and signature; the form posts them back with the new password. The page
// asks the API first whether the link still works (without using it): a used or expired link says so instead of
// showing a form that cannot succeed.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, lang } = requireAnonymous(context);
  const t = await getT(lang);
  const query = new URL(request.url).searchParams;
  const link = { email: query.get("email") ?? "", expires: query.get("expires") ?? "", signature: query.get("signature") ?? "" };
  return { link, linkError: await linkRefusal(auth, link, t), meta: { title: t("auth:titles.passwordReset") } };
}

/** Why the link cannot be used, in the visitor's language; null while it works. */
async function linkRefusal(auth: ReadyTenant["auth"], query: Record<keyof SignedLinkInput, string>, t: TFunction): Promise<string | null> {
  const link = signedLinkSchema().safeParse(query);
  if (!link.success) return t("auth:messages.resetFailed");
  try {
    await auth.passwordResetCheck(link.data);
    return null;
  } catch (error) {
    if (isApiRequestError(error, "validation", "not_found", "http") && error.status && error.status < 500) return authMessage(t, error.message);
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { auth, lang } = requireAnonymous(context);
  const t = await getT(lang);
  const hideFields = ["password", "password_confirmation"];
  const submission = parseWithZod(formData, { schema: passwordResetSchema(authFormMessages(t)) });
  if (submission.status !== "success") {
    // A link whose own fields are broken cannot be fixed by the visitor: say so as the SPEC does.
    const linkBroken = ["email", "expires", "signature"].some((k) => submission.error?.[k]?.length);
    const formErrors = linkBroken ? [t("auth:messages.resetFailed")] : [];
    return json({ result: submission.reply({ formErrors, hideFields }), done: false }, { status: 422 });
  }
  try {
    await auth.passwordReset(submission.value);
  } catch (error) {
    if (isApiRequestError(error, "throttled")) {
      return json({ result: submission.reply({ formErrors: [t("auth:messages.throttled")], hideFields }), done: false }, { status: 422 });
    }
    if (isApiRequestError(error, "validation", "not_found", "http") && error.status && error.status < 500) {
      const fieldErrors = authFieldErrors(t, error.fieldErrors);
      const passwordErrors = { password: fieldErrors.password, password_confirmation: fieldErrors.password_confirmation };
      return json(
        { result: submission.reply({ fieldErrors: passwordErrors, formErrors: [authMessage(t, error.message)], hideFields }), done: false },
        { status: 422 },
      );
    }
    throw error;
  }
  return json({ result: submission.reply({ resetForm: true }), done: true });
}

export const meta = metaFromLoader;

export default function PasswordReset() {
  const { link, linkError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "password-reset",
    lastResult: actionData?.result,
    constraint: getZodConstraint(passwordResetSchema()),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetSchema(authFormMessages(t)) }),
  });
  const linkBroken = [fields.email, fields.expires, fields.signature].some((f) => f.errors?.length);
  const formError = form.errors?.[0] ?? (linkBroken ? t("messages.resetFailed") : null);
  if (actionData?.done) {
    return (
      <AuthPage title={t("titles.passwordReset")}>
        <FormNotice tone="success">{t("passwordReset.done")}</FormNotice>
        <p>
          <Link to="/login" className="button button--primary">
            {t("passwordReset.login")}
          </Link>
        </p>
      </AuthPage>
    );
  }
  if (linkError) {
    return (
      <AuthPage title={t("titles.passwordReset")}>
        <FormNotice tone="error">{linkError}</FormNotice>
        <p>
          <Link to="/password-reset-request" className="button button--primary">
            {t("passwordReset.requestAgain")}
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("titles.passwordReset")}>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        {formError ? (
          <FormNotice tone="error">
            {formError} <Link to="/password-reset-request">{t("passwordReset.requestAgain")}</Link>
          </FormNotice>
        ) : null}
        <input type="hidden" name="email" value={link.email} />
        <input type="hidden" name="expires" value={link.expires} />
        <input type="hidden" name="signature" value={link.signature} />
        <TextField meta={fields.password} label={t("form.newPassword")} type="password" autoComplete="new-password" hint={t("form.passwordHint")} />
        <TextField meta={fields.password_confirmation} label={t("form.newPasswordConfirmation")} type="password" autoComplete="new-password" />
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? t("form.sending") : t("passwordReset.submit")}
        </button>
      </Form>
    </AuthPage>
  );
}
