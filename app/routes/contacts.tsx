import { customFormSchema } from "@api/contract/validation";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StaticBlocks } from "~/features/blocks/StaticBlocks";
import { CustomFormView } from "~/features/forms/CustomFormView";
import { metaFromLoader } from "~/lib/route-meta";
import { validationMessages } from "~/lib/validation";
import { isApiRequestError } from "~/server/api/errors";
import { blocksFor } from "~/server/content.server";
import { notFound, requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { renderMarkdown } from "~/server/markdown.server";
import { RichText } from "~/ui/RichText";
import { readForm } from "~/server/form.server";

const FORM_ALIAS = "contact";

export async function loader({ context }: LoaderFunctionArgs) {
  const { api, bootstrap, lang } = requireTenant(context);
  const t = await getT(lang);
  const summary = bootstrap.pages.find((p) => p.url === "/contacts");
  // The page text and the form load in parallel; a channel without a contact form just has none.
  const [page, form] = await Promise.all([summary ? api.page(summary.id) : null, api.customForm(FORM_ALIAS)]);
  return {
    title: page?.name ?? t("contacts.title"),
    html: renderMarkdown(page?.content),
    contacts: bootstrap.settings.contacts,
    blocks: blocksFor(bootstrap.static_blocks, "page:/contacts"),
    form,
    meta: { title: page?.alt_name ?? t("titles.contacts"), description: page?.description },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const { api, lang } = requireTenant(context);
  const form = await api.customForm(FORM_ALIAS);
  if (!form) notFound();
  const t = await getT(lang);
  const submission = parseWithZod(formData, { schema: customFormSchema(form.fields, validationMessages(t)) });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 422 });
  try {
    await api.submitCustomForm(FORM_ALIAS, submission.value);
  } catch (error) {
    if (isApiRequestError(error, "validation")) {
      return json({ result: submission.reply({ fieldErrors: error.fieldErrors }), sent: false }, { status: 422 });
    }
    // Too many posts from this address (issue 25): said on the form, which keeps what was typed.
    if (isApiRequestError(error, "throttled")) {
      return json({ result: submission.reply({ formErrors: [t("errors.throttled")] }), sent: false }, { status: 422 });
    }
    throw error;
  }
  return json({ result: submission.reply({ resetForm: true }), sent: true });
}

export const meta = metaFromLoader;

export default function Contacts() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const { contacts } = data;
  return (
    <article className="page narrow">
      <h1>{data.title}</h1>
      <RichText html={data.html} />
      {contacts.email || contacts.phone || contacts.address ? (
        <dl className="contact-list">
          {contacts.email ? (
            <>
              <dt>{t("contacts.email")}</dt>
              <dd>
                <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </dd>
            </>
          ) : null}
          {contacts.phone ? (
            <>
              <dt>{t("contacts.phone")}</dt>
              <dd>
                <a href={`tel:${contacts.phone.replace(/[^\d+]/g, "")}`}>{contacts.phone}</a>
              </dd>
            </>
          ) : null}
          {contacts.address ? (
            <>
              <dt>{t("contacts.address")}</dt>
              <dd>{contacts.address}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <StaticBlocks blocks={data.blocks} placement="page:/contacts" />
      {data.form ? <CustomFormView form={data.form} lastResult={actionData?.result} sent={Boolean(actionData?.sent)} /> : null}
    </article>
  );
}
