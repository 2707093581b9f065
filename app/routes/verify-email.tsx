import { AUTH_MESSAGES, signedLinkSchema } from "@api/contract/auth";
import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthPage, FormNotice } from "~/features/auth/AuthFields";
import { authLinks } from "~/features/auth/links";
import { metaFromLoader } from "~/lib/route-meta";
import { isApiRequestError } from "~/server/api/errors";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

export const links = authLinks;

// The mailed link lands here and is used at once, so it works from any mail client without JavaScript.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, lang } = requireTenant(context);
  const t = await getT(lang);
  const meta = { title: t("auth:titles.verifyEmail") };
  const signedIn = Boolean(context.session.user);
  const link = signedLinkSchema().safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // The page's own words (SPEC §8): "Verification your email address failed." for a link that is wrong, used or
  // expired; "Your email already verified." when there is nothing left to do, said as news rather than an error.
  const failed = { verified: false, tone: "error" as const, error: t("auth:verifyEmail.failed"), signedIn, meta };
  if (!link.success) return failed;
  try {
    await auth.emailVerify(link.data);
    return { verified: true, tone: "success" as const, error: null, signedIn, meta };
  } catch (error) {
    if (isApiRequestError(error, "validation", "not_found", "http") && error.status && error.status < 500) {
      if (error.message === AUTH_MESSAGES.emailAlreadyVerified) {
        return { verified: false, tone: "info" as const, error: t("auth:verifyEmail.alreadyVerified"), signedIn, meta };
      }
      return failed;
    }
    throw error;
  }
}

// A link is single-use: running the loader again (after a language switch, say) would report it as used.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta = metaFromLoader;

export default function VerifyEmail() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <AuthPage title={t("titles.verifyEmail")}>
      {data.verified ? <FormNotice tone="success">{t("verifyEmail.success")}</FormNotice> : <FormNotice tone={data.tone}>{data.error}</FormNotice>}
      <p className="auth-actions">
        {data.signedIn ? null : (
          <Link to="/login" className="button button--secondary">
            {t("verifyEmail.login")}
          </Link>
        )}
        <Link to="/" className="button button--primary">
          {t("verifyEmail.continue")}
        </Link>
      </p>
    </AuthPage>
  );
}
