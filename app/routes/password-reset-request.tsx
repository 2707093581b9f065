import { passwordResetRequestSchema } from "@api/contract/auth";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthPage, FormNotice, TextField } from "~/features/auth/AuthFields";
import { Captcha } from "~/features/auth/Captcha";
import { authLinks } from "~/features/auth/links";
import { metaFromLoader } from "~/lib/route-meta";
import { authFieldErrors, authFormMessages } from "~/lib/validation";
import { isApiRequestError } from "~/server/api/errors";
import { requireAnonymous } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

export const links = authLinks;

export async function loader({ context }: LoaderFunctionArgs) {
  const { bootstrap, channel, lang } = requireAnonymous(context);
  const t = await getT(lang);
  const site = bootstrap.settings.title ?? channel.name;
  return {
    captchaSiteKey: context.config.TURNSTILE_SITE_KEY ?? null,
    meta: { title: t("auth:titles.passwordResetRequest"), description: t("auth:descriptions.passwordResetRequest", { site }) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { auth, lang } = requireAnonymous(context);
  const t = await getT(lang);
  const submission = parseWithZod(formData, { schema: passwordResetRequestSchema(authFormMessages(t)) });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 422 });
  try {
    await auth.passwordResetRequest(submission.value);
  } catch (error) {
    if (isApiRequestError(error, "throttled")) {
      return json({ result: submission.reply({ formErrors: [t("auth:messages.throttled")] }), sent: false }, { status: 422 });
    }
    // Field errors only (a malformed email or captcha); the answer never tells whether the account exists.
    if (isApiRequestError(error, "validation") && Object.keys(error.fieldErrors).length) {
      return json({ result: submission.reply({ fieldErrors: authFieldErrors(t, error.fieldErrors) }), sent: false }, { status: 422 });
    }
    throw error;
  }
  return json({ result: submission.reply({ resetForm: true }), sent: true });
}

export const meta = metaFromLoader;

export default function PasswordResetRequest() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "password-reset-request",
    lastResult: actionData?.result,
    constraint: getZodConstraint(passwordResetRequestSchema()),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetRequestSchema(authFormMessages(t)) }),
  });
  return (
    <AuthPage title={t("titles.passwordResetRequest")}>
      {actionData?.sent ? (
        <FormNotice tone="success">{t("passwordResetRequest.sent")}</FormNotice>
      ) : (
        <>
          <p>{t("passwordResetRequest.intro")}</p>
          <Form method="post" {...getFormProps(form)} className="auth-form">
            {form.errors?.length ? <FormNotice tone="error">{form.errors[0]}</FormNotice> : null}
            <TextField meta={fields.email} label={t("form.email")} type="email" autoComplete="email" />
            <Captcha siteKey={data.captchaSiteKey} lang={i18n.language} error={fields.captcha_token.errors?.[0]} />
            <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
              {busy ? t("form.sending") : t("passwordResetRequest.submit")}
            </button>
          </Form>
        </>
      )}
      <p className="auth-page__switch">
        <Link to="/login">{t("passwordResetRequest.login")}</Link>
      </p>
    </AuthPage>
  );
}
