import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { devToolsOn } from "@api/env";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthPage } from "~/features/auth/AuthFields";
import { authLinks } from "~/features/auth/links";
import { metaFromLoader } from "~/lib/route-meta";
import { notFound, requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

export const links = authLinks;

// The channel's outbox for local development and the e2e tests: mails are readable and their links work without a
// mail server. Production never serves it (the API refuses it there too).
export async function loader({ context }: LoaderFunctionArgs) {
  if (!devToolsOn(context.config)) notFound();
  const { auth, lang } = requireTenant(context);
  const t = await getT(lang);
  const mails = await auth.devOutbox(50);
  return { mails, meta: { title: t("auth:titles.outbox") } };
}

export const meta = metaFromLoader;

export default function DevOutbox() {
  const { mails } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <AuthPage title={t("titles.outbox")}>
      <p>{t("outbox.intro")}</p>
      {mails.length ? (
        <ol className="outbox">
          {mails.map((mail) => (
            <li key={mail.id} className="outbox__mail" data-kind={mail.kind} data-to={mail.to}>
              <article aria-labelledby={`mail-${mail.id}`}>
                <h2 id={`mail-${mail.id}`}>{mail.subject}</h2>
                <dl className="outbox__meta">
                  <dt>{t("outbox.to")}</dt>
                  <dd>{mail.to}</dd>
                  <dt>{t("outbox.kind")}</dt>
                  <dd>{mail.kind}</dd>
                  <dt>{t("outbox.sentAt")}</dt>
                  <dd>
                    {/* One fixed format: the server and the browser must render the same text. */}
                    <time dateTime={new Date(mail.created_at).toISOString()}>{new Date(mail.created_at).toISOString().slice(0, 16).replace("T", " ")} UTC</time>
                  </dd>
                </dl>
                <pre className="outbox__text">{mail.text}</pre>
                {mail.links.length ? (
                  <ul className="outbox__links">
                    {mail.links.map((href) => (
                      <li key={href}>
                        <a href={href}>{href}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t("outbox.empty")}</p>
      )}
    </AuthPage>
  );
}
