// /console/channels: the platform's channels, and creating one (issue 16). Platform admins only: anyone else gets
// the not-found page (the API refuses them too).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readConsoleForm } from "~/features/console/section.server";
import { metaFromLoader } from "~/lib/route-meta";
import { asResult } from "~/server/api/errors";
import { notFound, requireChannelManager } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { consoleMessage } from "~/features/console/messages";

function requirePlatform(...args: Parameters<typeof requireChannelManager>) {
  const manager = requireChannelManager(...args);
  if (!manager.platform) notFound();
  return manager;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { api, tenant } = requirePlatform(context, request);
  const t = await getT(tenant.lang);
  const root = new URL(tenant.origin).host.split(".").slice(1).join(".");
  return { channels: await api.console.channels(), root, meta: { title: t("console:channels.title") } };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await readConsoleForm(request);
  const { api } = requirePlatform(context, request);
  const field = (name: string) => String(form.get(name) ?? "");
  const input = { alias: field("alias"), name: field("name"), owner_email: field("owner_email"), owner_first_name: field("owner_first_name"), language: field("language") as "en" | "fr" };
  const created = await asResult(api.console.createChannel(input));
  if (!created.ok) return json({ created: null, message: created.message, errors: created.errors, input }, { status: created.status });
  return json({ created: created.value, message: "", errors: {} as Record<string, string[]>, input: null });
}

export const meta = metaFromLoader;

function Field({ name, label, hint, errors, value, type = "text" }: { name: string; label: string; hint?: string; errors?: string[]; value?: string; type?: string }) {
  const id = `channel-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} defaultValue={value} required aria-invalid={errors?.length ? true : undefined} aria-describedby={[hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].join(" ").trim() || undefined} />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {errors.join(" · ")}
        </p>
      ) : null}
    </div>
  );
}

export default function ConsoleChannels() {
  const { channels, root } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const e: Record<string, string[]> = Object.fromEntries(Object.entries(result?.errors ?? {}).map(([k, v]) => [k, v.map((m) => consoleMessage(t, m))]));
  return (
    <section aria-labelledby="channels-title" className="console-item">
      <h1 id="channels-title">{t("channels.title")}</h1>
      <p>{t("channels.intro")}</p>
      <h2 id="create-title">{t("channels.create")}</h2>
      {result?.created ? (
        <p className="notice notice--success" role="status">
          {t("channels.created", { name: result.created.name, url: result.created.url, email: result.created.owners[0] })} <a href={result.created.url}>{result.created.url}</a>
        </p>
      ) : result ? (
        <p className="notice notice--error" role="alert">
          {consoleMessage(t, result.message)}
        </p>
      ) : null}
      <Form method="post" className="console-form" noValidate aria-labelledby="create-title">
        <Field name="alias" label={t("channels.alias")} hint={t("channels.aliasHint", { root })} errors={e.alias} value={result?.input?.alias} />
        <Field name="name" label={t("channels.name")} errors={e.name} value={result?.input?.name} />
        <Field name="owner_email" type="email" label={t("channels.ownerEmail")} errors={e.owner_email} value={result?.input?.owner_email} />
        <Field name="owner_first_name" label={t("channels.ownerName")} errors={e.owner_first_name} value={result?.input?.owner_first_name} />
        <div className="field">
          <label htmlFor="channel-language">{t("channels.language")}</label>
          <select id="channel-language" name="language" defaultValue={result?.input?.language ?? "en"}>
            <option value="en">{t("common:language.en")}</option>
            <option value="fr">{t("common:language.fr")}</option>
          </select>
        </div>
        <div className="console-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("channels.createButton")}
          </button>
        </div>
      </Form>
      <h2 id="list-title">{t("channels.list")}</h2>
      <div className="table-scroll" role="region" aria-labelledby="list-title" tabIndex={0}>
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{t("channels.name")}</th>
              <th scope="col">{t("channels.url")}</th>
              <th scope="col">{t("channels.domains")}</th>
              <th scope="col">{t("channels.owners")}</th>
              <th scope="col">{t("channels.status")}</th>
            </tr>
          </thead>
          <tbody>
            {channels.map((c) => (
              <tr key={c.alias}>
                <td>{c.name}</td>
                <td>
                  <a href={c.url}>{c.url.replace(/^https?:\/\//, "")}</a>
                </td>
                <td>{c.domains.join(", ")}</td>
                <td>{c.owners.join(", ")}</td>
                <td>{c.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
