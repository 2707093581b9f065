import { EN_AUTH_FORM, type ProfilePatch } from "@api/contract/auth";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthPage, CheckboxField, FormNotice, TextField } from "~/features/auth/AuthFields";
import { authLinks } from "~/features/auth/links";
import { passwordChangeSchema, profileDetailsSchema, profileIntent, type ProfileIntent } from "~/features/auth/profile-forms";
import { metaFromLoader } from "~/lib/route-meta";
import { authFieldErrors, authFormMessages, authMessage } from "~/lib/validation";
import { isApiRequestError } from "~/server/api/errors";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { destroySession, replaceUser } from "~/server/session.server";
import { readForm } from "~/server/form.server";

export const links = authLinks;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, tenant } = requireUser(context, request);
  const t = await getT(tenant.lang);
  return {
    user: { first_name: user.first_name, last_name: user.last_name, email: user.email, phone: user.phone ?? "" },
    // SPEC §2: a temporary-password user is held here until the password is changed.
    held: user.temporary_password,
    hasPassword: user.has_password,
    pendingEmail: user.pending_email,
    meta: { title: t("auth:titles.profileEdit") },
  };
}

interface ActionResult {
  intent: ProfileIntent;
  result: SubmissionResult<string[]> | null;
  notice: string | null;
  error: string | null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { api, user, tenant } = requireUser(context, request);
  const t = await getT(tenant.lang);
  const messages = authFormMessages(t);
  const intent = profileIntent(formData.get("intent"));
  const answer = (body: Omit<ActionResult, "intent">, status = 200) => json<ActionResult>({ intent, ...body }, { status });

  const schema = intent === "password" ? passwordChangeSchema(messages, user.has_password) : profileDetailsSchema(messages);
  const submission = intent === "delete" ? null : parseWithZod(formData, { schema });
  const hideFields = intent === "password" ? ["current_password", "password", "password_confirmation"] : ["current_password"];
  if (submission && submission.status !== "success") return answer({ result: submission.reply({ hideFields }), notice: null, error: null }, 422);

  try {
    if (intent === "delete") {
      await api.account.deleteAccountRequest();
      return answer({ result: null, notice: t("auth:profileEdit.deleteSent"), error: null });
    }
    const value = submission!.value as ProfilePatch;
    // An emptied phone field clears the phone ("" in the patch).
    const patch = intent === "password" ? value : { ...value, phone: value.phone ?? "" };
    const updated = await api.account.updateProfile(patch);
    replaceUser(context.session, updated);
    // A new email waits for its link (issue 25): the form shows the current address again.
    const emailPending = intent === "details" && value.email !== user.email && updated.pending_email !== null;
    const notice =
      intent === "password"
        ? `${t("auth:profileEdit.passwordSaved")} ${t(value.end_other_sessions ? "auth:profileEdit.othersSignedOut" : "auth:profileEdit.othersKept")}`
        : emailPending
          ? t("auth:profileEdit.emailChanged", { email: updated.pending_email })
          : t("auth:profileEdit.detailsSaved");
    return answer({ result: submission!.reply({ resetForm: intent === "password" || emailPending, hideFields }), notice, error: null });
  } catch (error) {
    if (isApiRequestError(error, "unauthenticated")) throw redirect("/login", { headers: { "Set-Cookie": destroySession(request) } });
    if (isApiRequestError(error, "throttled")) return answer({ result: submission?.reply({ hideFields }) ?? null, notice: null, error: t("auth:messages.throttled") }, 422);
    if (isApiRequestError(error, "validation", "http", "not_found") && error.status && error.status < 500) {
      const fieldErrors = authFieldErrors(t, error.fieldErrors);
      const formError = Object.keys(fieldErrors).length ? null : authMessage(t, error.message);
      return answer({ result: submission?.reply({ fieldErrors, hideFields }) ?? null, notice: null, error: formError }, 422);
    }
    throw error;
  }
}

export const meta = metaFromLoader;

export default function ProfileEdit() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const resultFor = (intent: ProfileIntent) => (actionData?.intent === intent ? actionData : null);
  const [detailsForm, details] = useForm({
    id: "profile-details",
    lastResult: resultFor("details")?.result,
    defaultValue: { ...data.user, current_password: "" },
    constraint: getZodConstraint(profileDetailsSchema(EN_AUTH_FORM)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileDetailsSchema(authFormMessages(t)) }),
  });
  const [passwordForm, password] = useForm({
    id: "profile-password",
    lastResult: resultFor("password")?.result,
    defaultValue: { end_other_sessions: "on" },
    constraint: getZodConstraint(passwordChangeSchema(EN_AUTH_FORM, data.hasPassword)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema(authFormMessages(t), data.hasPassword) }),
  });
  const notices = (intent: ProfileIntent) => {
    const r = resultFor(intent);
    if (!r) return null;
    if (r.error) return <FormNotice tone="error">{r.error}</FormNotice>;
    return r.notice ? <FormNotice tone="success">{r.notice}</FormNotice> : null;
  };

  return (
    <AuthPage title={t("titles.profileEdit")}>
      {data.held ? <FormNotice tone="error">{t("messages.temporaryPassword")}</FormNotice> : null}

      <section className="auth-section" aria-labelledby="profile-password-title">
        <h2 id="profile-password-title">{t("profileEdit.password")}</h2>
        {notices("password")}
        <Form method="post" {...getFormProps(passwordForm)} className="auth-form">
          <input type="hidden" name="intent" value="password" />
          {data.hasPassword ? (
            <TextField meta={password.current_password} label={t("form.currentPassword")} type="password" autoComplete="current-password" />
          ) : (
            <p className="field__hint">{t("profileEdit.firstPassword")}</p>
          )}
          <TextField meta={password.password} label={t("form.newPassword")} type="password" autoComplete="new-password" hint={t("form.passwordHint")} />
          <TextField meta={password.password_confirmation} label={t("form.newPasswordConfirmation")} type="password" autoComplete="new-password" />
          <CheckboxField meta={password.end_other_sessions} label={t("profileEdit.endOtherSessions")} />
          <button type="submit" className="button button--primary" disabled={busyWith === "password"}>
            {t("profileEdit.savePassword")}
          </button>
        </Form>
      </section>

      {data.held ? null : (
        <>
          <section className="auth-section" aria-labelledby="profile-details-title">
            <h2 id="profile-details-title">{t("profileEdit.details")}</h2>
            {notices("details") ?? (data.pendingEmail ? <FormNotice tone="success">{t("profileEdit.emailPending", { email: data.pendingEmail })}</FormNotice> : null)}
            <Form method="post" {...getFormProps(detailsForm)} className="auth-form">
              <input type="hidden" name="intent" value="details" />
              <div className="auth-form__row">
                <TextField meta={details.first_name} label={t("form.firstName")} autoComplete="given-name" />
                <TextField meta={details.last_name} label={t("form.lastName")} autoComplete="family-name" />
              </div>
              <TextField meta={details.email} label={t("form.email")} type="email" autoComplete="email" />
              <TextField meta={details.phone} label={t("form.phone")} type="tel" autoComplete="tel" optional />
              {data.hasPassword ? (
                <TextField meta={details.current_password} label={t("profileEdit.emailCurrentPassword")} type="password" autoComplete="current-password" />
              ) : (
                <p className="field__hint">{t("profileEdit.recentSignInHint")}</p>
              )}
              <button type="submit" className="button button--primary" disabled={busyWith === "details"}>
                {t("profileEdit.saveDetails")}
              </button>
            </Form>
          </section>

          <section className="auth-section auth-section--danger" aria-labelledby="profile-delete-title">
            <h2 id="profile-delete-title">{t("profileEdit.delete")}</h2>
            {notices("delete")}
            <p>{t("profileEdit.deleteIntro")}</p>
            <Form method="post">
              <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busyWith === "delete"}>
                {t("profileEdit.deleteRequest")}
              </button>
            </Form>
          </section>

          <p>
            <Link to="/profile">{t("profileEdit.back")}</Link>
          </p>
        </>
      )}
    </AuthPage>
  );
}
