// /console/domains (issue 16, "Onboarding by DNS"): the owner adds their own domain, creates the two DNS records the
// page shows (a CNAME to the platform's fallback origin, the ownership TXT record), presses "Check now", and the
// domain serves the channel once both are found. Every change goes through the platform API, which audits it and
// drops the channel's caches; this isolate's copies are dropped here, so the editor sees the change at once.
import { addDomainSchema, type DomainsOverview } from "@api/contract/domains";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, FormNotice } from "~/features/auth/AuthFields";
import { DomainCard } from "~/features/domains/DomainCard";
import { domainFormMessages, domainMessage } from "~/features/domains/messages";
import { metaFromLoader } from "~/lib/route-meta";
import { dropChannelMemory } from "~/server/cache.server";
import { readForm } from "~/server/form.server";
import { requireChannelManager } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import domainsCss from "~/styles/console-domains.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: domainsCss }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { tenant, api } = requireChannelManager(context, request);
  const [t, overview] = await Promise.all([getT(tenant.lang), api.domains.list()]);
  const url = new URL(request.url);
  const removing = Number(url.searchParams.get("remove")) || null;
  return {
    overview,
    removing,
    address: url.host,
    visitBase: { protocol: url.protocol, port: url.port },
    meta: { title: t("domains:page.title") },
  };
}

export const meta = metaFromLoader;

type NoticeKey = "added" | "active" | "pending" | "failed" | "removed" | "invalid";
type Notice = { tone: "success" | "error"; key: NoticeKey; hostname?: string } | { tone: "error"; message: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, api } = requireChannelManager(context, request);
  const t = await getT(tenant.lang);
  const schema = addDomainSchema(domainFormMessages(t));
  const answer = (notice: Notice | null, status = 200, result?: SubmissionResult<string[]>) => json({ notice, result }, { status });
  // The page answers a refusal it words itself as 422 (503 when the provider is down), whatever the API's status.
  const statusOf = (r: { status: number }) => (r.status >= 500 ? 503 : 422);
  const refusal = (r: { status: number; message: string }) => answer({ tone: "error", message: r.status === 404 ? t("domains:messages.notFound") : domainMessage(t, r.message) }, statusOf(r));
  const changed = () => dropChannelMemory(tenant.channel.alias);

  const intent = form.get("intent");
  if (intent === "add") {
    const submission = parseWithZod(form, { schema });
    if (submission.status !== "success") return answer(null, 422, submission.reply());
    const added = await api.domains.add(submission.value.hostname);
    if (!added.ok) {
      const message = domainMessage(t, added.errors.hostname?.[0] ?? added.message);
      return answer(null, statusOf(added), submission.reply({ fieldErrors: { hostname: [message] } }));
    }
    changed();
    return answer({ tone: "success", key: "added", hostname: added.value.hostname }, 200, submission.reply({ resetForm: true }));
  }

  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) return answer({ tone: "error", key: "invalid" }, 422);
  if (intent === "verify") {
    const checked = await api.domains.verify(id);
    if (!checked.ok) return refusal(checked);
    changed();
    const { status, hostname } = checked.value;
    return answer({ tone: status === "active" ? "success" : "error", key: status, hostname });
  }
  if (intent === "remove") {
    const removed = await api.domains.remove(id);
    if (!removed.ok) return refusal(removed);
    changed();
    return answer({ tone: "success", key: "removed", hostname: String(form.get("hostname") ?? "") });
  }
  return answer({ tone: "error", key: "invalid" }, 422);
}

export default function ConsoleDomains() {
  const { overview, removing, address, visitBase } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("domains");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const notice = result?.notice;

  return (
    <section className="domains" aria-labelledby="domains-title">
      <h1 id="domains-title">{t("page.title")}</h1>
      <p className="domains__intro">{t("page.intro", { address })}</p>
      {notice ? <FormNotice tone={notice.tone}>{"message" in notice ? notice.message : t(`notices.${notice.key}`, { hostname: notice.hostname })}</FormNotice> : null}

      <AddDomain overview={overview} lastResult={result?.result} busy={busy && navigation.formData?.get("intent") === "add"} />

      <section aria-labelledby="domains-yours" className="domains__section">
        <h2 id="domains-yours">
          {t("page.yours")} <span className="domains__count">({t("page.count", { count: overview.domains.length, max: overview.max })})</span>
        </h2>
        {overview.domains.length === 0 ? <p>{t("page.empty")}</p> : null}
        <ul className="domains__list">
          {overview.domains.map((d) => (
            <DomainCard key={d.id} domain={d} removing={removing === d.id} busy={busy} visitBase={visitBase} />
          ))}
        </ul>
      </section>

      {overview.declared.length ? (
        <section aria-labelledby="domains-declared" className="domains__section">
          <h2 id="domains-declared">{t("page.declared")}</h2>
          <p>{t("page.declaredHint")}</p>
          <ul className="domains__declared">
            {overview.declared.map((hostname) => (
              <li key={hostname}>
                <code>{hostname}</code> <span className="domain-badge domain-badge--active">{t("status.active")}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

function AddDomain({ overview, lastResult, busy }: { overview: DomainsOverview; lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const { t } = useTranslation("domains");
  const [form, fields] = useForm({
    id: "add-domain",
    lastResult,
    constraint: getZodConstraint(addDomainSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addDomainSchema(domainFormMessages(t)) }),
  });
  const field = fields.hostname;
  const errorId = `${field.id}-error`;
  const hintId = `${field.id}-hint`;
  const full = overview.domains.length >= overview.max;
  return (
    <section aria-labelledby="domains-add" className="domains__section domains__add">
      <h2 id="domains-add">{t("add.title")}</h2>
      {full ? (
        <p>{t("add.full", { max: overview.max })}</p>
      ) : (
        <Form method="post" action="/console/domains" {...getFormProps(form)} className="domains__form">
          <div className="field">
            <label htmlFor={field.id}>{t("add.label")}</label>
            <input
              {...getInputProps(field, { type: "text" })}
              key={field.key}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="url"
              placeholder="watch.example.com"
              aria-describedby={[field.errors?.length ? errorId : null, hintId].filter(Boolean).join(" ")}
            />
            <p id={hintId} className="field__hint">
              {t("add.hint")}
            </p>
            <FieldError id={errorId} errors={field.errors} />
          </div>
          <button type="submit" name="intent" value="add" className="domains__button domains__button--primary" disabled={busy}>
            {busy ? t("add.adding") : t("add.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
