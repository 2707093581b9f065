// /console/settings: the channel's settings and the catalogue's time zone (issue 16), saved through the API, which
// checks every value with the channel definition's own schema. Clip tags and social links are rows, added, removed
// and moved by submit buttons (fields.ts ROW_INTENT) that draw the form again unsaved, so they work without JavaScript.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldInput } from "~/features/console/FieldInput";
import { SaveRefused } from "~/features/console/Notices";
import { DefaultSaveButton, RowChangeStatus, useRowFocus } from "~/features/console/RowFormParts";
import { applyRowIntent, readForm as readFields, type Field, type Json } from "~/features/console/fields";
import { readConsoleForm } from "~/features/console/section.server";
import { SETTINGS_FIELDS, settingsFromForm, toFormErrorKeys, toFormKeys } from "~/features/console/settings-fields";
import { SETTING_KEYS } from "@api/contract/settings";
import { metaFromLoader } from "~/lib/route-meta";
import { asResult } from "~/server/api/errors";
import { dropChannelMemory } from "~/server/cache.server";
import { requireChannelManager } from "~/server/guards.server";
import { fieldErrorsIn } from "~/features/console/messages";
import { getT } from "~/server/i18n.server";

const ZONE: Field = { name: "time_zone", label: "time_zone", kind: "text", required: true, hint: "timeZone" };

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { api, tenant } = requireChannelManager(context, request);
  const [settings, zone] = await Promise.all([api.console.section("settings"), api.console.section("time_zone")]);
  const t = await getT(tenant.lang);
  return {
    version: settings.version,
    item: { ...toFormKeys(settings.value as Record<string, unknown>), time_zone: zone.value },
    defaultLang: tenant.channel.language,
    meta: { title: t("console:settings.title") },
  };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await readConsoleForm(request);
  const { api, tenant } = requireChannelManager(context, request);
  const current = await api.console.section("settings");
  const base = toFormKeys(current.value as Record<string, unknown>);
  const fields = [...SETTINGS_FIELDS, ZONE];
  const read = readFields(fields, form, base);
  // A fresh key remounts the form on every answer, so its inputs show what was posted (or the rows as changed).
  const rev = crypto.randomUUID();
  const row = applyRowIntent(read.value, String(form.get("intent") ?? ""), fields);
  if (row) return json({ ok: false, rev, draft: row.value as Json | null, focus: row.focus as string | null, done: { what: row.done, position: row.position }, message: "", errors: null as Record<string, string[]> | null });
  const t = await getT(tenant.lang);
  const refused = (status: number, message: string, errors: Record<string, string[]>) => json({ ok: false, rev, draft: read.value as Json | null, focus: null, done: null, message, errors }, { status });
  if (Object.keys(read.errors).length) return refused(422, "", fieldErrorsIn(t, read.errors));
  const version = Number(form.get("version"));
  const { time_zone: zone, ...settings } = read.value;
  const saved = await asResult(api.console.replaceSection("settings", version, settingsFromForm(settings)));
  if (!saved.ok) return refused(saved.status, saved.message, toFormErrorKeys(fieldErrorsIn(t, saved.errors, saved.codes), SETTING_KEYS));
  // An unchanged time zone is no write at all (the API leaves a section replaced by what it holds alone).
  const zoned = await asResult(api.console.replaceSection("time_zone", saved.value.version, zone));
  dropChannelMemory(tenant.channel.alias);
  if (!zoned.ok) return refused(zoned.status, zoned.message, { time_zone: Object.values(fieldErrorsIn(t, zoned.errors, zoned.codes)).flat() });
  return json({ ok: true, rev, draft: null, focus: null, done: null, message: "", errors: null });
}

export const meta = metaFromLoader;

export default function ConsoleSettings() {
  const { version, item, defaultLang } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const fields = [...SETTINGS_FIELDS, ZONE];
  useRowFocus(result?.focus, result?.rev);
  const shown = result?.draft ?? item;
  return (
    <section aria-labelledby="settings-title" className="console-item">
      <h1 id="settings-title">{t("settings.title")}</h1>
      <p>{t("settings.intro")}</p>
      {result?.ok ? (
        <p className="notice notice--success" role="status">
          {t("settings.saved")}
        </p>
      ) : result?.errors ? (
        <SaveRefused message={result.message} errors={result.errors} fields={fields} />
      ) : null}
      <RowChangeStatus done={result?.done} />
      <Form method="post" className="console-form" noValidate key={`${version}-${result?.rev ?? "stored"}`}>
        <input type="hidden" name="version" value={version} />
        <DefaultSaveButton busy={busy} />
        {SETTINGS_FIELDS.map((field) => (
          <FieldInput key={field.name} field={field} item={shown} errors={result?.errors ?? undefined} defaultLang={defaultLang} />
        ))}
        <h2>{t("settings.catalogue")}</h2>
        <FieldInput field={ZONE} item={shown} errors={result?.errors ?? undefined} defaultLang={defaultLang} />
        <div className="console-form__actions">
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
            {t("form.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}
