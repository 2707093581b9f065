// /console/settings: the channel's settings and the catalogue's time zone (issue 16), saved through the API, which
// checks every value with the channel definition's own schema.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldInput } from "~/features/console/FieldInput";
import { SaveRefused } from "~/features/console/Notices";
import { readForm as readFields, type Field } from "~/features/console/fields";
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
  const { calls, tenant } = requireChannelManager(context, request);
  const [settings, zone] = await Promise.all([calls.section("settings"), calls.section("time_zone")]);
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
  const { calls, tenant } = requireChannelManager(context, request);
  const current = await calls.section("settings");
  const base = toFormKeys(current.value as Record<string, unknown>);
  const read = readFields([...SETTINGS_FIELDS, ZONE], form, base);
  const t = await getT(tenant.lang);
  if (Object.keys(read.errors).length) return json({ ok: false, message: "", errors: fieldErrorsIn(t, read.errors) }, { status: 422 });
  const version = Number(form.get("version"));
  const { time_zone: zone, ...settings } = read.value;
  const saved = await asResult(calls.replaceSection("settings", version, settingsFromForm(settings)));
  if (!saved.ok) return json({ ok: false, message: saved.message, errors: toFormErrorKeys(fieldErrorsIn(t, saved.errors, saved.codes), SETTING_KEYS) }, { status: saved.status });
  const zoned = await asResult(calls.replaceSection("time_zone", saved.value.version, zone));
  dropChannelMemory(tenant.channel.alias);
  if (!zoned.ok) return json({ ok: false, message: zoned.message, errors: { time_zone: Object.values(fieldErrorsIn(t, zoned.errors, zoned.codes)).flat() } }, { status: zoned.status });
  return json({ ok: true, message: "", errors: {} as Record<string, string[]> });
}

export const meta = metaFromLoader;

export default function ConsoleSettings() {
  const { version, item, defaultLang } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const fields = [...SETTINGS_FIELDS, ZONE];
  return (
    <section aria-labelledby="settings-title" className="console-item">
      <h1 id="settings-title">{t("settings.title")}</h1>
      <p>{t("settings.intro")}</p>
      {result?.ok ? (
        <p className="notice notice--success" role="status">
          {t("settings.saved")}
        </p>
      ) : result ? (
        <SaveRefused message={result.message} errors={result.errors} fields={fields} />
      ) : null}
      <Form method="post" className="console-form" noValidate key={version}>
        <input type="hidden" name="version" value={version} />
        {SETTINGS_FIELDS.map((field) => (
          <FieldInput key={field.name} field={field} item={item} errors={result?.errors} defaultLang={defaultLang} />
        ))}
        <h2>{t("settings.catalogue")}</h2>
        <FieldInput field={ZONE} item={item} errors={result?.errors} defaultLang={defaultLang} />
        <div className="console-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("form.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}
