// /console/uploads (issue 16): upload a video for the library, and follow each upload from uploaded to processing to
// ready (then it is in the library) or failed (with the reason). The form posts multipart without JavaScript; errors
// show at their fields. The list refreshes itself while an upload is still being packaged. With JavaScript the file
// goes straight to the video provider with tus (resumable, up to 30 GB, docs/decisions/025): the action makes the
// direct upload through the API, and the page sends the bytes with a progress bar; without it, through the Worker. A
// direct upload left waiting (the tab closed or reloaded mid-way) carries on from where its bytes got to once the owner
// chooses the same file again at its row; one whose URL the provider no longer takes gets a new URL from the API and
// the file goes again from its start.
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { VIDEO_DIRECT_MAX_BYTES, VIDEO_EXTENSIONS, VIDEO_MAX_BYTES, VIDEO_TYPES, type DirectUpload, type MediaUpload } from "@api/contract/video";
import { DirectUploadStatus, useDirectUpload, type DirectUploadState } from "~/features/console/DirectUploadStatus";
import { FormNotice } from "~/features/auth/AuthFields";
import { metaFromLoader } from "~/lib/route-meta";
import { requireChannelManager } from "~/server/guards.server";
import { consoleMessage } from "~/features/console/messages";
import { readForm } from "~/server/form.server";
import { getT } from "~/server/i18n.server";
import videoCss from "~/styles/console-video.css?url";
import { LocalTime } from "~/ui/LocalTime";
import { useHydrated } from "~/lib/use-hydrated";

const REFRESH_MS = 3000;
/** The form's text fields beside the file: a body past this is refused before it is read. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { tenant, api } = requireChannelManager(context, request);
  const [t, uploads] = await Promise.all([getT(tenant.lang), api.video.uploads()]);
  return { uploads, lang: tenant.lang, meta: { title: t("video:uploads.title") } };
}

export const meta = metaFromLoader;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: videoCss }];

type Answer = { ok: boolean; message: string; errors: Record<string, string[]>; values: { title_en: string; title_fr: string }; direct?: DirectUpload };

export async function action({ context, request }: ActionFunctionArgs) {
  // The body first, like every form action (ADR 021): 415 or 400 for one that cannot be read, whoever sends it.
  const form = await readForm(request, { fileMaxBytes: VIDEO_MAX_BYTES + FORM_OVERHEAD_BYTES });
  const { tenant, api } = requireChannelManager(context, request);
  const t = await getT(tenant.lang);
  const empty = { title_en: "", title_fr: "" };
  const refuse = (status: number, message: string, errors: Record<string, string[]> = {}, values = empty) => json<Answer>({ ok: false, message, errors, values }, { status });
  const values = { title_en: String(form.get("title_en") ?? ""), title_fr: String(form.get("title_fr") ?? "") };
  const fieldErrors = (errors: Record<string, string[]>) => {
    const worded = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => consoleMessage(t, m))]));
    // The direct upload names the file's name and size; the form has one file field.
    const file = worded.file ?? worded.file_name ?? worded.file_size;
    return file ? { ...worded, file } : worded;
  };
  const uploadId = () => {
    const id = Number(form.get("upload_id"));
    return Number.isInteger(id) && id > 0 ? id : null;
  };
  if (form.get("intent") === "remove") {
    const id = uploadId();
    if (id === null) return refuse(400, t("video:uploads.removeFailed"));
    const result = await api.video.removeUpload(id);
    if (!result.ok) return refuse(result.status, consoleMessage(t, result.message));
    return json<Answer>({ ok: true, message: t("video:uploads.removed"), errors: {}, values: empty });
  }
  if (form.get("intent") === "renew") {
    const id = uploadId();
    if (id === null) return refuse(400, t("video:uploads.stopped"));
    const result = await api.video.renewDirectUpload(id);
    if (!result.ok) return refuse(result.status, consoleMessage(t, result.message));
    return json<Answer>({ ok: true, message: "", errors: {}, values: empty, direct: result.value });
  }
  if (form.get("intent") === "direct") {
    const result = await api.video.createDirectUpload({ ...values, file_name: String(form.get("file_name") ?? ""), file_size: Number(form.get("file_size") ?? 0), file_type: String(form.get("file_type") ?? "") });
    if (!result.ok) return refuse(result.status, consoleMessage(t, result.message), fieldErrors(result.errors), values);
    return json<Answer>({ ok: true, message: "", errors: {}, values: empty, direct: result.value });
  }
  const upload = new FormData();
  upload.set("title_en", values.title_en);
  upload.set("title_fr", values.title_fr);
  const file = form.get("file");
  if (file instanceof File) upload.set("file", file, file.name);
  const result = await api.video.upload(upload);
  if (!result.ok) {
    return refuse(result.status, consoleMessage(t, result.message), fieldErrors(result.errors), values);
  }
  return json<Answer>({ ok: true, message: t("video:uploads.sent", { title: result.value.title.en }), errors: {}, values: empty });
}

export default function ConsoleUploads() {
  const { uploads, lang } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data ?? posted;
  const { t } = useTranslation("video");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const remover = useFetcher<typeof action>();
  const renewer = useFetcher<typeof action>();
  const direct = useDirectUpload(
    () => {
      formRef.current?.reset();
      revalidator.revalidate();
    },
    (uploadId) => remover.submit({ intent: "remove", upload_id: String(uploadId) }, { method: "post" }),
    (uploadId) => renewer.submit({ intent: "renew", upload_id: String(uploadId) }, { method: "post" }),
  );
  const sending = navigation.state === "submitting" || fetcher.state !== "idle" || direct.busy;
  // A direct upload the provider finishes (Stream's webhook) stays waiting a while after its bytes are sent.
  const pending = uploads.some((u) => u.status === "uploaded" || u.status === "processing" || (u.status === "waiting" && direct.sentIds.includes(u.id)));
  useEffect(() => {
    const made = fetcher.data?.direct;
    if (made) direct.start(made);
    // Once per answer: fetcher.data changes only with a new submission.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  // A new URL for an upload whose URL had expired: the file goes again from its start; a refusal stops it.
  useEffect(() => {
    if (renewer.state !== "idle" || !renewer.data) return;
    if (renewer.data.direct) direct.start(renewer.data.direct);
    else direct.renewFailed(renewer.data.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renewer.state, renewer.data]);

  // With JavaScript, the file is not posted: the action makes a direct upload from its name, size and type.
  const submitDirect = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0] ?? null;
    const form = new FormData(event.currentTarget);
    const fields = new FormData();
    fields.set("intent", "direct");
    fields.set("title_en", String(form.get("title_en") ?? ""));
    fields.set("title_fr", String(form.get("title_fr") ?? ""));
    fields.set("file_name", file?.name ?? "");
    fields.set("file_size", String(file?.size ?? 0));
    fields.set("file_type", file?.type ?? "");
    direct.prepare(file, String(form.get("title_en") ?? ""));
    fetcher.submit(fields, { method: "post" });
  };
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => revalidator.state === "idle" && document.visibilityState === "visible" && revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  const errors = answer && !answer.ok ? answer.errors : {};
  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <p id={`${name}-error`} className="field__error">
        {errors[name][0]}
      </p>
    ) : null;
  const invalid = (name: string) => (errors[name]?.length ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});
  const generalError = answer && !answer.ok && !Object.keys(errors).some((k) => ["title_en", "title_fr", "file"].includes(k));

  return (
    <section className="console-video" aria-labelledby="uploads-title" aria-busy={sending}>
      <h1 id="uploads-title">{t("uploads.title")}</h1>
      <p>{t("uploads.intro", { size: Math.round(VIDEO_DIRECT_MAX_BYTES / 1024 ** 3) })}</p>
      {/* Until the page has hydrated the form posts through the Worker, with its limit (a <noscript> would do, but tests cannot see one). */}
      {hydrated ? null : <p className="console-video__no-script">{t("uploads.noScript", { size: Math.round(VIDEO_MAX_BYTES / 1024 / 1024) })}</p>}
      <Form method="post" encType="multipart/form-data" className="upload-form" aria-labelledby="upload-form-title" noValidate ref={formRef} onSubmit={submitDirect}>
        <h2 id="upload-form-title">{t("uploads.formTitle")}</h2>
        {answer?.ok && answer.message ? <FormNotice tone="success">{answer.message}</FormNotice> : null}
        {generalError ? <FormNotice tone="error">{answer.message}</FormNotice> : null}
        <div className="field">
          <label htmlFor="title_en">{t("uploads.titleEn")}</label>
          <input id="title_en" name="title_en" required maxLength={120} defaultValue={answer && !answer.ok ? answer.values.title_en : ""} key={`en-${answer?.ok}`} {...invalid("title_en")} />
          {fieldError("title_en")}
        </div>
        <div className="field">
          <label htmlFor="title_fr">{t("uploads.titleFr")}</label>
          <input id="title_fr" name="title_fr" maxLength={120} defaultValue={answer && !answer.ok ? answer.values.title_fr : ""} key={`fr-${answer?.ok}`} {...invalid("title_fr")} />
          {fieldError("title_fr")}
        </div>
        <div className="field">
          <label htmlFor="file">{t("uploads.file")}</label>
          <input id="file" name="file" type="file" required ref={fileInput} accept={[...VIDEO_TYPES, ...VIDEO_EXTENSIONS].join(",")} {...invalid("file")} />
          {fieldError("file")}
        </div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t("uploads.sending") : t("uploads.send")}
        </button>
        <DirectUploadStatus upload={direct} />
      </Form>

      <h2 id="uploads-list-title">{t("uploads.listTitle")}</h2>
      <p className="console-video__refresh">
        {pending ? t("uploads.autoRefresh") : null} <Link to=".">{t("live.refresh")}</Link>
      </p>
      {uploads.length === 0 ? <p>{t("uploads.empty")}</p> : null}
      {uploads.length ? (
        <table className="uploads" aria-labelledby="uploads-list-title">
          <thead>
            <tr>
              <th scope="col">{t("uploads.columns.title")}</th>
              <th scope="col">{t("uploads.columns.status")}</th>
              <th scope="col">{t("uploads.columns.sent")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("uploads.columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {uploads.map((u) => (
              <tr key={u.id} data-upload-id={u.id}>
                <td>{u.title[lang] ?? u.title.en}</td>
                <td>
                  <span className={`input-status input-status--${u.status}`} data-status={u.status}>
                    {t(`uploads.status.${u.status}`)}
                  </span>
                  {u.error ? <span className="uploads__error">{consoleMessage(t, u.error)}</span> : null}
                </td>
                <td>
                  <LocalTime iso={u.created_at} zone="UTC" />
                </td>
                <td>
                  {hydrated && u.resume && u.id !== direct.activeId && !direct.busy ? <ResumeUpload upload={u} title={u.title[lang] ?? u.title.en ?? ""} direct={direct} /> : null}
                  {u.status === "waiting" || u.status === "failed" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="upload_id" value={u.id} />
                      <button type="submit" className="button button--ghost" aria-label={t("uploads.removeNamed", { title: u.title[lang] ?? u.title.en })}>
                        {t("uploads.remove")}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/**
 * Carries on a direct upload this page did not start (the tab was closed or reloaded mid-way): the owner chooses the
 * same file again, checked by name and size, and tus asks the target how much it already has before sending the rest.
 */
function ResumeUpload({ upload, title, direct }: { upload: MediaUpload; title: string; direct: DirectUploadState }) {
  const { t } = useTranslation("video");
  const id = useId();
  const [wrong, setWrong] = useState(false);
  const target = upload.resume!;
  const sizeMb = (target.file_size / 1024 / 1024).toFixed(1);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (file.name !== target.file_name || file.size !== target.file_size) {
      setWrong(true);
      event.currentTarget.value = "";
      return;
    }
    setWrong(false);
    direct.prepare(file, title);
    direct.start({ upload, upload_url: target.upload_url, chunk_bytes: target.chunk_bytes });
  };
  return (
    <div className="field uploads__resume">
      <label htmlFor={`${id}-file`}>{t("uploads.resumeWith", { title, file: target.file_name })}</label>
      <input
        id={`${id}-file`}
        type="file"
        accept={[...VIDEO_TYPES, ...VIDEO_EXTENSIONS].join(",")}
        onChange={choose}
        {...(wrong ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {})}
      />
      {wrong ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t("uploads.resumeWrongFile", { file: target.file_name, size: sizeMb })}
        </p>
      ) : null}
    </div>
  );
}
