import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaFromLoader } from "~/lib/route-meta";
import { requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { renderMarkdown } from "~/server/markdown.server";
import { RichText } from "~/ui/RichText";

export async function loader({ context }: LoaderFunctionArgs) {
  const { bootstrap, lang } = requireTenant(context);
  const t = await getT(lang);
  return {
    items: bootstrap.faq.map((f) => ({ id: f.id, question: f.question, html: renderMarkdown(f.answer) })),
    meta: { title: t("titles.faq") },
  };
}

export const meta = metaFromLoader;

export default function Faq() {
  const { items } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="page narrow">
      <h1>{t("faq.title")}</h1>
      {items.length ? (
        <div className="faq">
          {items.map((item) => (
            <details key={item.id} className="faq__item">
              <summary className="faq__question">{item.question}</summary>
              <RichText html={item.html} className="faq__answer" />
            </details>
          ))}
        </div>
      ) : (
        <p>{t("faq.empty")}</p>
      )}
    </article>
  );
}
