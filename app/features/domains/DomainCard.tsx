// One custom domain on the console's domains page (issue 16): its status, the two DNS records to create (as plain,
// selectable text with copy buttons), what the last check found, "Check now", and removal behind a confirmation
// step (?remove=<id>). Plain forms: it all works without JavaScript and from the keyboard.
import type { CustomDomain, DnsRecord } from "@api/contract/domains";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LocalTime } from "~/ui/LocalTime";
import { CopyButton } from "./CopyButton";
import { domainMessage } from "./messages";

export interface DomainCardProps {
  domain: CustomDomain;
  /** The confirmation step of its removal is open. */
  removing: boolean;
  busy: boolean;
  /** The scheme and port this page is served on, so "Open" reaches the domain the same way locally. */
  visitBase: { protocol: string; port: string };
}

export function DomainCard({ domain, removing, busy, visitBase }: DomainCardProps) {
  const { t } = useTranslation("domains");
  const titleId = `domain-${domain.id}`;
  const active = domain.status === "active";
  const href = `${visitBase.protocol}//${domain.hostname}${visitBase.port ? `:${visitBase.port}` : ""}/`;
  return (
    <li className="domain" data-domain={domain.hostname} data-status={domain.status} aria-labelledby={titleId}>
      <div className="domain__head">
        <h3 id={titleId} className="domain__name">
          {domain.hostname}
        </h3>
        <span className={`domain-badge domain-badge--${domain.status}`}>
          <span className="visually-hidden">{t("status.label")}: </span>
          {t(`status.${domain.status}`)}
        </span>
      </div>

      {active && domain.activated_at ? (
        <p className="domain__active">
          {t("domain.activeSince")} <LocalTime iso={domain.activated_at} zone="UTC" /> · <a href={href}>{t("domain.visit", { hostname: domain.hostname })}</a>
        </p>
      ) : null}

      <p className="domain__intro">{active ? t("domain.recordsActive") : t("domain.records")}</p>
      <RecordsTable hostname={domain.hostname} records={domain.records} />

      {!active && domain.detail ? (
        <p className="domain__detail">
          <strong>{t("domain.found")}</strong> {domainMessage(t, domain.detail)}
        </p>
      ) : null}
      {domain.status === "failed" ? <p className="domain__detail">{t("domain.failedHelp")}</p> : null}
      {domain.status === "pending" && domain.expires_at ? (
        <p className="domain__checked">
          {t("domain.expires")} <LocalTime iso={domain.expires_at} zone="UTC" />
        </p>
      ) : null}
      {domain.checked_at ? (
        <p className="domain__checked">
          {t("domain.lastCheck")} <LocalTime iso={domain.checked_at} zone="UTC" />
        </p>
      ) : null}

      {removing ? (
        <ConfirmRemoval domain={domain} busy={busy} />
      ) : (
        <div className="domain__actions">
          <Form method="post" action="/console/domains" preventScrollReset>
            <input type="hidden" name="id" value={domain.id} />
            <button type="submit" name="intent" value="verify" className="domains__button domains__button--primary" aria-describedby={titleId} disabled={busy}>
              {t("domain.check")}
            </button>
          </Form>
          <Form method="get" action="/console/domains" preventScrollReset>
            <input type="hidden" name="remove" value={domain.id} />
            <button type="submit" className="domains__button domains__button--quiet" aria-describedby={titleId}>
              {t("domain.remove")}
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}

function RecordsTable({ hostname, records }: { hostname: string; records: DnsRecord[] }) {
  const { t } = useTranslation("domains");
  return (
    <table className="domain__records">
      <caption className="visually-hidden">{t("domain.caption", { hostname })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("domain.type")}</th>
          <th scope="col">{t("domain.name")}</th>
          <th scope="col">{t("domain.value")}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={r.type} data-record={r.type}>
            <th scope="row">
              {r.type}
              <span className="domain__purpose">{r.type === "CNAME" ? t("domain.cname") : t("domain.txt")}</span>
            </th>
            <td>
              <span className="domain__cell-label">{t("domain.name")}</span>
              <code className="domain__value" data-field="name">
                {r.name}
              </code>
              <CopyButton text={r.name} label={t("copy.name", { type: r.type })} />
            </td>
            <td>
              <span className="domain__cell-label">{t("domain.value")}</span>
              <code className="domain__value" data-field="value">
                {r.value}
              </code>
              <CopyButton text={r.value} label={t("copy.value", { type: r.type })} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ConfirmRemoval({ domain, busy }: { domain: CustomDomain; busy: boolean }) {
  const { t } = useTranslation("domains");
  const box = useRef<HTMLFormElement>(null);
  const titleId = `remove-${domain.id}`;
  // The button that opened this step is gone: the step itself takes the focus, so a keyboard user lands on it.
  useEffect(() => box.current?.focus(), []);
  return (
    <Form method="post" action="/console/domains" className="domain__confirm" aria-labelledby={titleId} ref={box} tabIndex={-1} preventScrollReset>
      <h4 id={titleId}>{t("confirm.title", { hostname: domain.hostname })}</h4>
      <p>{domain.status === "active" ? t("confirm.text") : t("confirm.pending")}</p>
      <input type="hidden" name="id" value={domain.id} />
      <input type="hidden" name="hostname" value={domain.hostname} />
      <div className="domain__actions">
        <button type="submit" name="intent" value="remove" className="domains__button domains__button--danger" disabled={busy}>
          {t("confirm.yes")}
        </button>
        <Link to="/console/domains" className="domains__button domains__button--quiet" preventScrollReset>
          {t("confirm.cancel")}
        </Link>
      </div>
    </Form>
  );
}
