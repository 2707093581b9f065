import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthPage, FormNotice } from "~/features/auth/AuthFields";
import { authLinks } from "~/features/auth/links";
import { returnPath } from "~/lib/auth-paths";
import { metaFromLoader } from "~/lib/route-meta";
import { authMessage } from "~/lib/validation";
import { isApiRequestError } from "~/server/api/errors";
import { requireTenant, requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

export const links = authLinks;

// After registration: the account exists and is signed in, the email waits for its link.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lang } = requireTenant(context);
  const t = await getT(lang);
  const user = context.session.user;
  return {
    email: user?.email ?? null,
    verified: user?.email_verified ?? false,
    next: returnPath(new URL(request.url).searchParams.get("redirectTo")),
    meta: { title: t("auth:titles.verifyNotice") },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request, { bodyless: true });
  const { api, tenant } = requireUser(context, request);
  const t = await getT(tenant.lang);
  try {
    await api.account.resendVerification();
    return json({ sent: true, error: null });
  } catch (error) {
    if (isApiRequestError(error, "throttled")) return json({ sent: false, error: t("auth:messages.throttled") }, { status: 422 });
    if (isApiRequestError(error, "validation", "http") && error.status && error.status < 500) {
      return json({ sent: false, error: authMessage(t, error.message) }, { status: 422 });
    }
    throw error;
  }
}

export const meta = metaFromLoader;

export default function VerifyNotice() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  if (data.verified) {
    return (
      <AuthPage title={t("titles.verifyNotice")}>
        <FormNotice tone="success">{t("verifyNotice.verified")}</FormNotice>
        <p>
          <Link to={data.next} className="button button--primary">
            {t("verifyNotice.continue")}
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("titles.verifyNotice")}>
      <p>{data.email ? t("verifyNotice.body", { email: data.email }) : t("verifyNotice.bodyAnonymous")}</p>
      {result?.sent ? <FormNotice tone="success">{t("verifyNotice.resent")}</FormNotice> : null}
      {result?.error ? <FormNotice tone="error">{result.error}</FormNotice> : null}
      <div className="auth-actions">
        {data.email ? (
          <Form method="post">
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t("verifyNotice.resend")}
            </button>
          </Form>
        ) : null}
        <Link to={data.next} className="button button--primary">
          {t("verifyNotice.continue")}
        </Link>
      </div>
    </AuthPage>
  );
}
