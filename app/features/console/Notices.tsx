// What the console's pages say above a form, and how they list a change (issue 16).
import type { AuditLogEntry } from "@api/contract/console";
import { useTranslation } from "react-i18next";
import { LocalTime } from "~/ui/LocalTime";
import { otherErrors, type Field } from "./fields";
import { consoleMessage } from "./messages";

/** A refused save: the API's message in the page's words, and the problems no field of the form shows. */
export function SaveRefused({ message, errors, fields }: { message: string; errors?: Record<string, string[]>; fields: Field[] }) {
  const { t } = useTranslation("console");
  const others = otherErrors(errors, fields);
  return (
    <div className="notice notice--error" role="alert">
      <p>{consoleMessage(t, message) || t("form.fix")}</p>
      {others.length ? (
        <ul>
          {others.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One change of the audit log: when, who, what and where. */
export function ActivityLine({ entry }: { entry: Pick<AuditLogEntry, "created_at" | "actor" | "action" | "target"> }) {
  const { t } = useTranslation("console");
  return (
    <p className="console-activity__line">
      <LocalTime iso={new Date(entry.created_at).toISOString()} zone="UTC" />
      <span>{entry.actor}</span>
      <strong>{t(`activity.actions.${entry.action}`, { defaultValue: entry.action })}</strong>
      <code>{entry.target}</code>
    </p>
  );
}
