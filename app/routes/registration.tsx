import { authFields, registerSchema, SOCIAL_PROVIDERS, type AuthFormMessages, type SocialProvider } from "@api/contract/auth";
import { signInCookies } from "~/server/pending-follow.server";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthPage, CheckboxField, FormNotice, TextField } from "~/features/auth/AuthFields";
import { Captcha } from "~/features/auth/Captcha";
import { authLinks } from "~/features/auth/links";
import { SocialSignIn } from "~/features/auth/SocialSignIn";
import { returnPath } from "~/lib/auth-paths";
import { metaFromLoader } from "~/lib/route-meta";
import { authFieldErrors, authFormMessages, authMessage } from "~/lib/validation";
import { isApiRequestError } from "~/server/api/errors";
import { requireAnonymous } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

export const links = authLinks;

/** A social sign-up button only needs the terms accepted: the provider supplies the rest. */
const socialSchema = (m: AuthFormMessages) => z.object({ provider: z.enum(SOCIAL_PROVIDERS), terms: authFields(m).terms });
const schemaFor = (formData: FormData, m: AuthFormMessages) => (formData.has("provider") ? socialSchema(m) : registerSchema(m));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { bootstrap, channel, lang } = requireAnonymous(context);
  const t = await getT(lang);
  const url = new URL(request.url);
  return {
    redirectTo: returnPath(url.searchParams.get("redirectTo")),
    notRegistered: url.searchParams.get("social") === "not_registered",
    providers: bootstrap.social_providers ?? [],
    captchaSiteKey: context.config.TURNSTILE_SITE_KEY ?? null,
    meta: { title: t("auth:titles.registration"), description: t("auth:descriptions.registration", { site: bootstrap.settings.title ?? channel.name }) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const tenant = requireAnonymous(context);
  const { auth, lang } = tenant;
  const t = await getT(lang);
  const messages = authFormMessages(t);
  const redirectTo = returnPath(formData.get("redirectTo"));
  const hideFields = ["password", "password_confirmation"];
  const submission = parseWithZod(formData, { schema: schemaFor(formData, messages) });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields }) }, { status: 422 });

  if ("provider" in submission.value) {
    const query = new URLSearchParams({ terms: "1", redirectTo });
    return redirect(`/auth/login/${submission.value.provider}?${query}`);
  }
  try {
    const session = await auth.register({ ...submission.value, language: lang });
    const next = redirectTo !== "/" ? `/verify-notice?redirectTo=${encodeURIComponent(redirectTo)}` : "/verify-notice";
    return redirect(next, { headers: await signInCookies(new Headers(), request, tenant, session) });
  } catch (error) {
    if (isApiRequestError(error, "throttled")) {
      return json({ result: submission.reply({ formErrors: [t("auth:messages.throttled")], hideFields }) }, { status: 422 });
    }
    if (isApiRequestError(error, "validation", "http") && error.status && error.status < 500) {
      const fieldErrors = authFieldErrors(t, error.fieldErrors);
      const formErrors = Object.keys(fieldErrors).length ? [] : [authMessage(t, error.message)];
      return json({ result: submission.reply({ fieldErrors, formErrors, hideFields }) }, { status: 422 });
    }
    throw error;
  }
}

export const meta = metaFromLoader;

export default function Registration() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "registration",
    lastResult: actionData?.result,
    constraint: getZodConstraint(registerSchema()),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaFor(formData, authFormMessages(t)) }),
  });
  const loginHref = data.redirectTo !== "/" ? `/login?redirectTo=${encodeURIComponent(data.redirectTo)}` : "/login";
  return (
    <AuthPage title={t("titles.registration")}>
      {data.notRegistered ? <FormNotice tone="error">{t("messages.notRegistered")}</FormNotice> : null}
      <Form method="post" {...getFormProps(form)} className="auth-form">
        {form.errors?.length ? <FormNotice tone="error">{form.errors[0]}</FormNotice> : null}
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <div className="auth-form__row">
          <TextField meta={fields.first_name} label={t("form.firstName")} autoComplete="given-name" />
          <TextField meta={fields.last_name} label={t("form.lastName")} autoComplete="family-name" />
        </div>
        <TextField meta={fields.email} label={t("form.email")} type="email" autoComplete="email" />
        <TextField meta={fields.phone} label={t("form.phone")} type="tel" autoComplete="tel" optional />
        <TextField meta={fields.password} label={t("form.password")} type="password" autoComplete="new-password" hint={t("form.passwordHint")} />
        <TextField meta={fields.password_confirmation} label={t("form.passwordConfirmation")} type="password" autoComplete="new-password" />
        <CheckboxField
          meta={fields.terms}
          label={
            <Trans
              t={t}
              i18nKey="form.terms"
              components={{ terms: <Link to="/terms_conditions" />, privacy: <Link to="/privacy_policy" /> }}
            />
          }
        />
        <Captcha siteKey={data.captchaSiteKey} lang={i18n.language} error={fields.captcha_token.errors?.[0]} />
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? t("form.sending") : t("registration.submit")}
        </button>
        {data.providers.length ? <SocialSignIn mode="register" providers={data.providers as SocialProvider[]} redirectTo={data.redirectTo} /> : null}
      </Form>
      <p className="auth-page__switch">
        {t("registration.haveAccount")} <Link to={loginHref}>{t("registration.login")}</Link>
      </p>
    </AuthPage>
  );
}
