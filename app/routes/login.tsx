import { loginSchema } from "@api/contract/auth";
import { signInCookies } from "~/server/pending-follow.server";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthPage, FormNotice, TextField } from "~/features/auth/AuthFields";
import { Captcha } from "~/features/auth/Captcha";
import { authLinks } from "~/features/auth/links";
import { SocialSignIn } from "~/features/auth/SocialSignIn";
import { returnPath } from "~/lib/auth-paths";
import { metaFromLoader } from "~/lib/route-meta";
import { authFieldErrors, authFormMessages, authMessage } from "~/lib/validation";
import { isApiRequestError } from "~/server/api/errors";
import { allowsDeviceLinking, requireAnonymous } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { loginReturnPath } from "./login.server";
import { readForm } from "~/server/form.server";
import { knownDeviceCookie, readKnownDevice } from "~/server/session.server";

export const links = authLinks;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireAnonymous(context);
  const { bootstrap, channel, lang } = tenant;
  const t = await getT(lang);
  // The social callback comes back here when the provider's answer could not sign anyone in.
  const social = new URL(request.url).searchParams.get("social");
  return {
    socialError: social === "failed" ? t("auth:social.failed") : social === "email_taken" ? t("auth:social.emailTaken") : null,
    redirectTo: loginReturnPath(request),
    providers: bootstrap.social_providers ?? [],
    captchaSiteKey: context.config.TURNSTILE_SITE_KEY ?? null,
    // A TV signs in with a code from /device, where the channel allows remote sign-in.
    deviceLinking: allowsDeviceLinking(tenant),
    meta: { title: t("auth:titles.login"), description: t("auth:descriptions.login", { site: bootstrap.settings.title ?? channel.name }) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const tenant = requireAnonymous(context);
  const { auth, lang } = tenant;
  const t = await getT(lang);
  const submission = parseWithZod(formData, { schema: loginSchema(authFormMessages(t)) });
  // Once the API has asked for a captcha (ADR 028), the page keeps showing it for the next attempts.
  const hadCaptcha = formData.has("captcha_token");
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }), captcha: hadCaptcha }, { status: 422 });
  try {
    const session = await auth.login({ ...submission.value, device_token: readKnownDevice(request) });
    const to = returnPath(formData.get("redirectTo"));
    const headers = await signInCookies(new Headers(), request, tenant, session);
    if (session.device_token) headers.append("Set-Cookie", knownDeviceCookie(request, session.device_token));
    return redirect(to, { headers });
  } catch (error) {
    // The page answers 422 like any form with errors; the API's 429 is the message it shows.
    if (isApiRequestError(error, "throttled")) {
      return json({ result: submission.reply({ formErrors: [t("auth:messages.throttled")], hideFields: ["password"] }), captcha: hadCaptcha }, { status: 422 });
    }
    if (isApiRequestError(error, "validation", "http") && error.status && error.status < 500) {
      const fieldErrors = authFieldErrors(t, error.fieldErrors);
      // Past the account's limit, an unknown browser is asked for a captcha: the page says why and shows it.
      const asked = "captcha_token" in fieldErrors;
      const formErrors = asked ? [t("auth:captcha.asked")] : Object.keys(fieldErrors).length ? [] : [authMessage(t, error.message)];
      return json({ result: submission.reply({ fieldErrors, formErrors, hideFields: ["password"] }), captcha: asked || hadCaptcha }, { status: 422 });
    }
    throw error;
  }
}

export const meta = metaFromLoader;

export default function Login() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema()),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema(authFormMessages(t)) }),
  });
  const registerHref = data.redirectTo !== "/" ? `/registration?redirectTo=${encodeURIComponent(data.redirectTo)}` : "/registration";
  return (
    <AuthPage title={t("titles.login")}>
      {data.socialError && !actionData ? <FormNotice tone="error">{data.socialError}</FormNotice> : null}
      <Form method="post" {...getFormProps(form)} className="auth-form">
        {form.errors?.length ? <FormNotice tone="error">{form.errors[0]}</FormNotice> : null}
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <TextField meta={fields.email} label={t("form.email")} type="email" autoComplete="email" />
        <TextField meta={fields.password} label={t("form.password")} type="password" autoComplete="current-password" />
        <Captcha siteKey={data.captchaSiteKey} lang={i18n.language} error={fields.captcha_token.errors?.[0]} asked={actionData?.captcha} />
        <p className="auth-form__aside">
          <Link to="/password-reset-request">{t("login.forgot")}</Link>
        </p>
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? t("form.sending") : t("login.submit")}
        </button>
      </Form>
      {data.providers.length ? <SocialSignIn mode="login" providers={data.providers} redirectTo={data.redirectTo} /> : null}
      <p className="auth-page__switch">
        {t("login.noAccount")} <Link to={registerHref}>{t("login.register")}</Link>
      </p>
      {data.deviceLinking ? (
        <p className="auth-page__switch">
          {t("login.onTv")} <Link to="/device">{t("login.useCode")}</Link>
        </p>
      ) : null}
    </AuthPage>
  );
}
