// /console/theme: the channel's colours with a live preview and contrast check, its logo and favicon, and the
// images uploaded for it (issue 16). Each form saves one part through the API.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { COLOR_KEYS, type ColorKey } from "@api/contract/colors";
import { FieldInput } from "~/features/console/FieldInput";
import { type Field } from "~/features/console/fields";
import { readConsoleForm, withCurrentImages } from "~/features/console/section.server";
import { ThemeEditor } from "~/features/console/ThemeEditor";
import { metaFromLoader } from "~/lib/route-meta";
import { asResult } from "~/server/api/errors";
import { dropChannelMemory } from "~/server/cache.server";
import { requireChannelManager } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { consoleMessage, fieldErrorsIn } from "~/features/console/messages";

type Colors = { web?: Partial<Record<ColorKey, string>>; tv?: unknown; mobile?: unknown };
const imageFields = (images: { value: string; label: string }[]): Field[] => [
  { name: "logo", label: "logo", kind: "image", images },
  { name: "favicon", label: "favicon", kind: "image", images },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { api, tenant } = requireChannelManager(context, request);
  const [colors, settings, images] = await Promise.all([api.console.section("colors"), api.console.section("settings"), api.console.images()]);
  const t = await getT(tenant.lang);
  const s = settings.value as Record<string, unknown>;
  return {
    version: colors.version,
    web: (colors.value as Colors).web ?? {},
    images: images.map((i) => ({ ref: i.ref, url: i.url })),
    imageFields: withCurrentImages(imageFields(images.map((i) => ({ value: i.ref, label: i.ref }))), s),
    settings: { logo: s.logo, favicon: s.favicon },
    defaultLang: tenant.channel.language,
    meta: { title: t("console:theme.title") },
  };
}

type Result = { intent: string; ok: boolean; message: string; errors: Record<string, string[]>; ref?: string };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await readConsoleForm(request);
  const { api, tenant } = requireChannelManager(context, request);
  const intent = String(form.get("intent"));
  const answer = (r: Omit<Result, "intent">, status = 200) => json<Result>({ intent, ...r }, { status });
  const version = Number(form.get("version"));
  const done = () => dropChannelMemory(tenant.channel.alias);

  if (intent === "upload" || intent === "images") {
    // An upload in either form first: the image field then names it.
    const field = intent === "upload" ? "file" : ["logo", "favicon"].find((f) => (form.get(`${f}.__upload`) as File | null)?.size);
    const file = field ? form.get(intent === "upload" ? "file" : `${field}.__upload`) : null;
    if (file instanceof File && file.size > 0) {
      const uploaded = await asResult(api.console.uploadImage(file));
      if (!uploaded.ok) return answer({ ok: false, message: uploaded.message, errors: { [field ?? "file"]: [uploaded.message] } }, uploaded.status);
      if (intent === "upload") return answer({ ok: true, message: "", errors: {}, ref: uploaded.value.ref });
      form.set(field!, uploaded.value.ref);
    } else if (intent === "upload") {
      return answer({ ok: false, message: "", errors: { file: ["Field is required"] } }, 422);
    }
    const current = await api.console.section("settings");
    const next = { ...(current.value as Record<string, unknown>) };
    for (const key of ["logo", "favicon"]) {
      const v = form.get(key);
      if (typeof v === "string" && v) next[key] = v;
      else delete next[key];
    }
    const saved = await asResult(api.console.replaceSection("settings", version, next));
    if (!saved.ok) return answer({ ok: false, message: saved.message, errors: fieldErrorsIn(await getT(tenant.lang), saved.errors, saved.codes) }, saved.status);
    done();
    return answer({ ok: true, message: "", errors: {} });
  }

  const current = await api.console.section("colors");
  const web: Record<string, string> = {};
  for (const key of COLOR_KEYS) {
    const v = form.get(`web.${key}`);
    if (typeof v === "string" && v.trim()) web[key] = v.trim().toLowerCase();
  }
  const saved = await asResult(api.console.replaceSection("colors", version, { ...(current.value as Colors), web }));
  if (!saved.ok) return answer({ ok: false, message: saved.message, errors: fieldErrorsIn(await getT(tenant.lang), saved.errors, saved.codes) }, saved.status);
  done();
  return answer({ ok: true, message: "", errors: {} });
}

export const meta = metaFromLoader;

export default function ConsoleTheme() {
  const { version, web, images, imageFields: fields, settings, defaultLang } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const notice = (intent: string, text: string) =>
    result?.intent === intent ? (
      result.ok ? (
        <p className="notice notice--success" role="status">
          {text}
        </p>
      ) : (
        <p className="notice notice--error" role="alert">
          {consoleMessage(t, result.message) || t("form.fix")}
        </p>
      )
    ) : null;
  return (
    <section aria-labelledby="theme-title" className="console-item">
      <h1 id="theme-title">{t("theme.title")}</h1>
      <p>{t("theme.intro")}</p>

      {notice("colors", t("theme.saved"))}
      <Form method="post" className="console-form" noValidate key={`colors-${version}`}>
        <input type="hidden" name="version" value={version} />
        <ThemeEditor stored={web} errors={result?.intent === "colors" ? result.errors : undefined} />
        <div className="console-form__actions">
          <button type="submit" name="intent" value="colors" className="button button--primary" disabled={busy}>
            {t("theme.saveColors")}
          </button>
        </div>
      </Form>

      <h2>{t("theme.imagesTitle")}</h2>
      {notice("images", t("theme.imagesSaved"))}
      <Form method="post" encType="multipart/form-data" className="console-form" noValidate key={`images-${version}`}>
        <input type="hidden" name="version" value={version} />
        {fields.map((f) => (
          <FieldInput key={f.name} field={f} item={settings} errors={result?.intent === "images" ? result.errors : undefined} defaultLang={defaultLang} />
        ))}
        <div className="console-form__actions">
          <button type="submit" name="intent" value="images" className="button button--primary" disabled={busy}>
            {t("theme.saveImages")}
          </button>
        </div>
      </Form>

      <h2 id="gallery-title">{t("theme.gallery")}</h2>
      {result?.intent === "upload" && result.ok ? (
        <p className="notice notice--success" role="status">
          {t("theme.uploaded", { ref: result.ref })}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="console-upload">
        <label htmlFor="upload-file">{t("theme.upload")}</label>
        <input id="upload-file" type="file" name="file" accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml" aria-describedby="upload-error" />
        <button type="submit" name="intent" value="upload" className="button" disabled={busy}>
          {t("theme.uploadButton")}
        </button>
        {result?.intent === "upload" && !result.ok ? (
          <p id="upload-error" className="field__error" role="alert">
            {Object.values(result.errors).flat().map((m) => consoleMessage(t, m)).join(" · ") || consoleMessage(t, result.message)}
          </p>
        ) : null}
      </Form>
      {images.length ? (
        <ul className="console-gallery" aria-labelledby="gallery-title">
          {images.map((img) => (
            <li key={img.ref}>
              <img src={img.url} alt={img.ref} loading="lazy" />
              <code>{img.ref}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("theme.galleryEmpty")}</p>
      )}
    </section>
  );
}
