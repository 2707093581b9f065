// /console/<section>/<id>: one item's form (or a new one at /new), saved through the API, which validates it with
// the channel's whole definition; its errors come back beside the fields (issue 16).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ABSENT_ITEM } from "@api/contract/console";
import { FieldInput } from "~/features/console/FieldInput";
import { fieldErrorsIn } from "~/features/console/messages";
import { SaveRefused } from "~/features/console/Notices";
import { DefaultSaveButton, RowChangeStatus, useRowFocus } from "~/features/console/RowFormParts";
import { NEW_ITEM } from "~/features/console/sections";
import { localized } from "~/features/console/fields";
import { loadSectionPage, readConsoleForm, saveItemFromForm, withCurrentImages } from "~/features/console/section.server";
import { metaFromLoader } from "~/lib/route-meta";
import { notFound } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";

async function page(args: LoaderFunctionArgs) {
  const loaded = await loadSectionPage(args.context, args.request, args.params.section);
  const id = args.params.id ?? NEW_ITEM;
  const item = id === NEW_ITEM ? undefined : loaded.items.find((i) => i[loaded.spec.key] === id);
  if (id !== NEW_ITEM && !item) notFound();
  return { ...loaded, id, item };
}

export async function loader(args: LoaderFunctionArgs) {
  const { spec, state, ctx, id, item, manager } = await page(args);
  const t = await getT(manager.tenant.lang);
  // An event with its own time zone is read and shown in it.
  const zone = typeof item?.time_zone === "string" ? item.time_zone : ctx.timeZone;
  const fields = withCurrentImages(spec.fields({ ...ctx, timeZone: zone }), item);
  const name = item ? localized(item.name ?? item.title ?? item.question, ctx.lang) || id : null;
  return {
    slug: spec.slug,
    id,
    version: state.version,
    // The item's copy as read: a save is refused only if this item changed since, not another one.
    base: (id === NEW_ITEM ? undefined : state.tags?.[id]) ?? ABSENT_ITEM,
    fields,
    item: item ?? spec.template ?? {},
    isNew: !item,
    defaultLang: manager.tenant.channel.language,
    meta: { title: item ? t("console:form.editTitle", { name }) : t(`console:sections.${spec.slug}.add`) },
  };
}

export async function action(args: ActionFunctionArgs) {
  const form = await readConsoleForm(args.request);
  const loaded = await page(args);
  const outcome = await saveItemFromForm(loaded, form, loaded.id);
  if (outcome.ok === true) {
    return redirect(`/console/${loaded.spec.slug}?${new URLSearchParams({ [outcome.removed ? "removed" : "saved"]: outcome.id })}`);
  }
  // A fresh key remounts the form, so its inputs show the draft rather than what they held. The draft stays on the
  // copy it was read from: a save made after someone else's is refused (409), not laid over it.
  const rev = crypto.randomUUID();
  const version = Number(form.get("version"));
  const base = String(form.get("base") ?? "");
  if (outcome.ok === "draft") {
    const { focus, done, position } = outcome.row;
    return json({ rev, version, base, draft: outcome.draft, focus, done: { what: done, position }, message: null, errors: null as Record<string, string[]> | null });
  }
  const t = await getT(loaded.manager.tenant.lang);
  const errors = fieldErrorsIn(t, outcome.errors, outcome.codes);
  return json({ rev, version, base, draft: outcome.draft, focus: null, done: null, message: outcome.message, errors }, { status: outcome.status });
}

export const meta = metaFromLoader;

export default function ConsoleItem() {
  const { slug, id, version, base, fields, item, isNew, defaultLang } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  useRowFocus(result?.focus, result?.rev);
  const shown = result?.draft ?? item;
  return (
    <section aria-labelledby="item-title" className="console-item">
      <p>
        <Link to={`/console/${slug}`}>{t("form.back", { section: t(`sections.${slug}.title`) })}</Link>
      </p>
      <h1 id="item-title">{isNew ? t(`sections.${slug}.add`) : t("form.editTitle", { name: id })}</h1>
      {result?.errors ? <SaveRefused message={result.message ?? ""} errors={result.errors} fields={fields} /> : null}
      <RowChangeStatus done={result?.done} />
      <Form key={result?.rev ?? "stored"} method="post" encType="multipart/form-data" className="console-form" noValidate>
        <input type="hidden" name="version" value={result?.version ?? version} />
        <input type="hidden" name="base" value={result?.base || base} />
        <DefaultSaveButton busy={busy} />
        {fields.map((field) => (
          <FieldInput key={field.name} field={field} item={shown} errors={result?.errors ?? undefined} defaultLang={defaultLang} />
        ))}
        <div className="console-form__actions">
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
            {t("form.save")}
          </button>
          <Link to={`/console/${slug}`} className="button button--ghost">
            {t("form.cancel")}
          </Link>
        </div>
      </Form>
      {!isNew ? (
        <details className="console-form__remove">
          <summary>{t("form.remove")}</summary>
          <Form method="post">
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="base" value={base} />
            <p>{t("form.removeConfirm", { name: id })}</p>
            <button type="submit" name="intent" value="delete" className="button button--danger">
              {t("form.removeYes")}
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
