// The unsubscribe link of every reminder mail (issue 12). Opening it only asks: mail scanners follow links, so only
// the confirm button's POST stops the reminders (signed link: user and signature, no sign-in needed).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthPage, FormNotice } from "~/features/auth/AuthFields";
import { authLinks } from "~/features/auth/links";
import { metaFromLoader } from "~/lib/route-meta";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

export const links = authLinks;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const t = await getT(tenant.lang);
  const query = new URL(request.url).searchParams;
  return {
    link: { user: query.get("user") ?? "", signature: query.get("signature") ?? "" },
    channel: tenant.channel.name,
    meta: { title: t("reminders:unsubscribe.title") },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const tenant = requireTenant(context);
  const result = await tenant.reminders.unsubscribe(String(form?.get("user") ?? ""), String(form?.get("signature") ?? ""));
  // The API's only refusal is the invalid link; the page words it in the visitor's language.
  return result.ok ? json({ done: true }) : json({ done: false }, { status: result.status });
}

export const meta = metaFromLoader;

export default function ReminderUnsubscribe() {
  const { link, channel } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("reminders");
  const busy = useNavigation().state === "submitting";
  if (result?.done) {
    return (
      <AuthPage title={t("unsubscribe.title")}>
        <FormNotice tone="success">{t("unsubscribe.done")}</FormNotice>
        <p>
          <Link to="/" className="button button--primary">
            {t("unsubscribe.home")}
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("unsubscribe.title")}>
      {result ? <FormNotice tone="error">{t("unsubscribe.invalid")}</FormNotice> : null}
      <p>{t("unsubscribe.intro", { channel })}</p>
      <Form method="post">
        <input type="hidden" name="user" value={link.user} />
        <input type="hidden" name="signature" value={link.signature} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("unsubscribe.confirm")}
        </button>
      </Form>
    </AuthPage>
  );
}
