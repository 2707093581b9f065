// /device (issue 13): the TV's side of linking a device (RFC 8628), for a TV browser or set-top box. The page asks
// the API for a code pair, shows the short code, where to enter it and a QR code of the link with the code filled in
// (rendered here as SVG, uqr: ADR 015), then polls at the API's interval (longer after slow_down) until the viewer
// approves or denies it on /profile/sessions/add. Approved, the TV gets its own session cookie and goes home. The
// device code (the TV's secret) stays in an httpOnly cookie. Without JavaScript, "I have approved it" polls once.
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useFetcher, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import type { RouteHandle } from "~/lib/route-handle";
import { metaFromLoader } from "~/lib/route-meta";
import deviceCss from "~/styles/device.css?url";
import { readCookie, serializeCookie } from "~/server/cookies.server";
import { allowsDeviceLinking, requireTenant } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { commitSession } from "~/server/session.server";
import { readForm } from "~/server/form.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: deviceCss }];

// A page for a TV across the room: the channel's name, the code and the QR code, without the site's header, footer or
// cookie notice (its one cookie, the pending code, is a strictly necessary one).
export const handle: RouteHandle = { layout: "plain" };

/** The address to type, as a TV shows it: host and path, without the scheme. */
const typed = (uri: string) => {
  const url = new URL(uri);
  return `${url.host}${url.pathname}`;
};

/** The channel as its pages name it: its logo (its name as the alternative), or its name. */
function Brand() {
  const root = useRouteLoaderData("root") as { siteName?: string; logo?: string | null } | undefined;
  if (!root?.siteName) return null;
  return <p className="device-link__brand">{root.logo ? <img src={root.logo} alt={root.siteName} /> : root.siteName}</p>;
}

/** The device code of this TV's pending sign-in. */
const DEVICE_COOKIE = "dvc";

function remoteTenant(context: LoaderFunctionArgs["context"]) {
  const tenant = requireTenant(context);
  // SPEC §2: only where the channel turns remote authorisation on.
  if (!allowsDeviceLinking(tenant)) throw redirect("/");
  return tenant;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = remoteTenant(context);
  const t = await getT(tenant.lang);
  const meta = { title: t("devices:tv.title") };
  try {
    const auth = await tenant.devices.start();
    const qr = renderSVG(auth.verification_uri_complete, { ecc: "M", border: 2 });
    return json(
      { ready: true as const, userCode: auth.user_code, verificationUri: auth.verification_uri, qr, interval: auth.interval, meta },
      { headers: { "Set-Cookie": serializeCookie(request, DEVICE_COOKIE, auth.device_code, auth.expires_in), "Cache-Control": "no-store" } },
    );
  } catch (error) {
    console.error("device code failed:", error instanceof Error ? error.message : error);
    return json({ ready: false as const, meta }, { headers: { "Cache-Control": "no-store" } });
  }
}

/** One poll of the token endpoint. */
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request, { bodyless: true });
  const tenant = remoteTenant(context);
  const deviceCode = readCookie(request, DEVICE_COOKIE);
  if (!deviceCode) return json({ state: "expired" as const, interval: null });
  const poll = await tenant.devices.poll(deviceCode);
  if (poll.ok) {
    const headers = new Headers();
    headers.append("Set-Cookie", commitSession(request, poll.token.access_token, Date.now() + poll.token.expires_in * 1000));
    headers.append("Set-Cookie", serializeCookie(request, DEVICE_COOKIE, "", 0));
    throw redirect("/", { headers });
  }
  if (poll.error === "authorization_pending" || poll.error === "slow_down") return json({ state: "pending" as const, interval: poll.interval ?? null });
  return json({ state: poll.error === "access_denied" ? ("denied" as const) : ("expired" as const), interval: null });
}

// A new code pair only when the TV asks for one: polling must not draw a new code.
export const shouldRevalidate = () => false;

export const meta = metaFromLoader;

export default function Device() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("devices");
  const fetcher = useFetcher<typeof action>();
  const state = fetcher.data?.state ?? "pending";
  // RFC 8628 §3.5: after slow_down the longer interval holds for every later poll.
  const [interval, setPollInterval] = useState(data.ready ? data.interval : 0);
  const slower = fetcher.data?.interval;
  useEffect(() => {
    if (slower) setPollInterval((current) => Math.max(current, slower));
  }, [slower]);

  useEffect(() => {
    if (!data.ready || state !== "pending" || fetcher.state !== "idle") return;
    const timer = setTimeout(() => fetcher.submit({}, { method: "post" }), interval * 1000);
    return () => clearTimeout(timer);
  }, [data.ready, state, interval, fetcher]);

  if (!data.ready) {
    return (
      <section className="page device-link" aria-labelledby="device-title">
        <div>
          <Brand />
          <h1 id="device-title">{t("tv.title")}</h1>
          <p role="alert">{t("tv.unavailable")}</p>
          <a href="/device" className="button button--primary">
            {t("tv.newCode")}
          </a>
        </div>
      </section>
    );
  }

  const status = state === "pending" ? t("tv.waiting") : state === "denied" ? t("tv.denied") : t("tv.expired");
  return (
    <section className="page device-link" aria-labelledby="device-title">
      <div>
        <Brand />
        <h1 id="device-title">{t("tv.title")}</h1>
        <p>{t("tv.intro")}</p>
        <ol className="device-link__steps">
          <li>
            {t("tv.step1")} <span className="device-link__url">{typed(data.verificationUri)}</span>
          </li>
          <li>
            {t("tv.step2")}
            <br />
            <strong className="device-link__code" data-testid="user-code">
              {data.userCode}
            </strong>
          </li>
        </ol>
        <p>{t("tv.scan")}</p>
        <p className="device-link__status" role="status" aria-live="polite">
          {status}
        </p>
        {state === "pending" ? (
          <Form method="post">
            <button type="submit" className="button button--secondary">
              {t("tv.continue")}
            </button>
          </Form>
        ) : (
          <a href="/device" className="button button--primary">
            {t("tv.newCode")}
          </a>
        )}
      </div>
      <div className="device-link__qr" role="img" aria-label={t("tv.qrAlt", { url: data.verificationUri })} dangerouslySetInnerHTML={{ __html: data.qr }} />
    </section>
  );
}
