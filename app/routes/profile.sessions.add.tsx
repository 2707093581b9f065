// /profile/sessions/add (issue 13, SPEC §2 "sessions/add (link a device)"): the viewer approves a TV's sign-in. The
// TV shows a code and a QR code of this page with `?code=`; here the viewer enters or confirms the code, sees which
// device asks, and approves or denies it (RFC 8628 §3.3). Only where the channel turns `auth.remote_auth` on;
// elsewhere the page sends the viewer to their active orders (SPEC §2).
import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DEVICE_MESSAGES } from "@api/contract/devices";
import { FieldError, FormNotice } from "~/features/auth/AuthFields";
import { deviceName } from "~/features/sessions/device-label";
import { metaFromLoader } from "~/lib/route-meta";
import { allowsDeviceLinking, requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

type ErrorKey = keyof typeof DEVICE_MESSAGES | "throttled" | "generic";

/** The API's refusal as a key of the page's own words (the API answers in English). */
function errorKey(message: string): ErrorKey {
  const known = (Object.keys(DEVICE_MESSAGES) as (keyof typeof DEVICE_MESSAGES)[]).find((k) => DEVICE_MESSAGES[k] === message);
  if (known) return known;
  return /too many/i.test(message) ? "throttled" : "generic";
}

function devicesOf(context: AppLoadContext, request: Request) {
  const signedIn = requireUser(context, request);
  if (!allowsDeviceLinking(signedIn.tenant)) throw redirect("/profile");
  return signedIn;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, api } = devicesOf(context, request);
  const t = await getT(tenant.lang);
  const code = new URL(request.url).searchParams.get("code")?.trim() ?? "";
  const meta = { title: t("devices:page.title") };
  if (!code) return { code, device: null, error: null, meta };
  const found = await api.devices.request(code);
  return found.ok ? { code: found.value.user_code, device: found.value, error: null, meta } : { code, device: null, error: errorKey(found.message), meta };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { api } = devicesOf(context, request);
  const code = String(form.get("code") ?? "");
  const answer = await api.devices.answer(code, form.get("intent") !== "deny");
  if (!answer.ok) return json({ error: errorKey(answer.message), done: null }, { status: 422 });
  return json({ error: null, done: { approved: answer.value.approved, device: answer.value.name } });
}

export const meta = metaFromLoader;

export default function LinkDevice() {
  const { code, device, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("devices");
  const { t: ts } = useTranslation("sessions");
  const busy = useNavigation().state !== "idle";
  const problem = result?.error ?? error;

  if (result?.done) {
    return (
      <section className="profile__section link-device" aria-labelledby="link-device-title">
        <h2 id="link-device-title">{t("page.title")}</h2>
        <FormNotice tone={result.done.approved ? "success" : "error"}>
          {t(result.done.approved ? "page.approved" : "page.denied", { device: deviceName(ts, result.done.device) })}
        </FormNotice>
        <p>
          <Link to="/profile/sessions/add">{t("page.another")}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="profile__section link-device" aria-labelledby="link-device-title">
      <h2 id="link-device-title">{t("page.title")}</h2>
      <p>{t("page.intro")}</p>
      {device && !problem ? (
        <Form method="post" className="link-device__confirm">
          <p className="link-device__asks">{t("page.asks", { device: deviceName(ts, device.name) })}</p>
          <p>{t("page.checkCode", { code: device.user_code })}</p>
          <input type="hidden" name="code" value={device.user_code} />
          <div className="form-actions">
            <button type="submit" name="intent" value="approve" className="button button--primary" disabled={busy}>
              {t("page.approve")}
            </button>
            <button type="submit" name="intent" value="deny" className="button button--secondary" disabled={busy}>
              {t("page.deny")}
            </button>
          </div>
        </Form>
      ) : (
        <Form method="get" className="link-device__code">
          <div className="field">
            <label htmlFor="device-code">{t("page.code")}</label>
            <input
              id="device-code"
              name="code"
              defaultValue={code}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={32}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "device-code-error device-code-hint" : "device-code-hint"}
            />
            <p id="device-code-hint" className="field__hint">
              {t("page.codeHint")}
            </p>
            <FieldError id="device-code-error" errors={problem ? [t(`errors.${problem}`)] : undefined} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("page.continue")}
          </button>
        </Form>
      )}
    </section>
  );
}
