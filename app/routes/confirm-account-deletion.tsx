import { signedLinkSchema } from "@api/contract/auth";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthPage, FormNotice } from "~/features/auth/AuthFields";
import { authLinks } from "~/features/auth/links";
import { metaFromLoader } from "~/lib/route-meta";
import { authMessage } from "~/lib/validation";
import { isApiRequestError } from "~/server/api/errors";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { destroySession } from "~/server/session.server";
import { readForm } from "~/server/form.server";

export const links = authLinks;

// Opening the mailed link only asks; deleting takes a deliberate POST (mail scanners follow links).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lang } = requireTenant(context);
  const t = await getT(lang);
  const query = new URL(request.url).searchParams;
  return {
    link: { email: query.get("email") ?? "", expires: query.get("expires") ?? "", signature: query.get("signature") ?? "" },
    meta: { title: t("auth:titles.confirmDeletion") },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { auth, lang } = requireTenant(context);
  const t = await getT(lang);
  const link = signedLinkSchema().safeParse(Object.fromEntries(form));
  if (!link.success) return json({ deleted: false, error: t("auth:messages.deletionFailed") }, { status: 422 });
  try {
    await auth.deleteAccountConfirm(link.data);
  } catch (error) {
    if (isApiRequestError(error, "validation", "not_found", "http") && error.status && error.status < 500) {
      return json({ deleted: false, error: authMessage(t, error.message) }, { status: error.status });
    }
    throw error;
  }
  // The account and its sessions are gone: the cookie goes too.
  return json({ deleted: true, error: null }, { headers: { "Set-Cookie": destroySession(request) } });
}

export const meta = metaFromLoader;

export default function ConfirmAccountDeletion() {
  const { link } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  if (result?.deleted) {
    return (
      <AuthPage title={t("titles.confirmDeletion")}>
        <FormNotice tone="success">{t("deletion.done")}</FormNotice>
        <p>
          <Link to="/" className="button button--primary">
            {t("deletion.home")}
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("titles.confirmDeletion")}>
      {result?.error ? <FormNotice tone="error">{result.error}</FormNotice> : null}
      <p>{t("deletion.intro")}</p>
      <Form method="post">
        <input type="hidden" name="email" value={link.email} />
        <input type="hidden" name="expires" value={link.expires} />
        <input type="hidden" name="signature" value={link.signature} />
        <button type="submit" className="button button--danger" disabled={busy}>
          {t("deletion.confirm")}
        </button>
      </Form>
    </AuthPage>
  );
}
