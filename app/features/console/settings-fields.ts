// The settings page's fields (issue 16). Setting keys hold dots ("auth.remote_auth"), which a field name reads as a
// path, so the form names them with "__" and the page maps them back.
import type { Field } from "./fields";

const FORM_DOT = "__";
/** The settings as the form edits them: dots as "__", and each clip tag a row (a bare key is a row with no names). */
export const toFormKeys = (settings: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(settings).map(([k, v]) => [k.replaceAll(".", FORM_DOT), k === "clips.tags" && Array.isArray(v) ? v.map((tag) => (typeof tag === "string" ? { key: tag } : tag)) : v]),
  );
/** The API's error paths ("auth.google.client_id") as the form names them ("auth__google.client_id"). */
export function toFormErrorKeys(errors: Record<string, string[]>, settingKeys: readonly string[]): Record<string, string[]> {
  const dotted = settingKeys.filter((k) => k.includes(".")).sort((a, b) => b.length - a.length);
  return Object.fromEntries(
    Object.entries(errors).map(([path, messages]) => {
      const key = dotted.find((k) => path === k || path.startsWith(`${k}.`));
      return [key ? key.replaceAll(".", FORM_DOT) + path.slice(key.length) : path, messages];
    }),
  );
}
export const fromFormKeys = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll(FORM_DOT, "."), v]));

const choices = (values: string[]) => values.map((v) => ({ value: v, label: v }));

export const SETTINGS_FIELDS: Field[] = [
  { name: "title", label: "site_title", kind: "text" },
  { name: "description", label: "description", kind: "text" },
  { name: "language", label: "language", kind: "select", required: true, options: [{ value: "en", label: "English" }, { value: "fr", label: "Français" }] },
  { name: "languages", label: "languages", kind: "multiselect", options: [{ value: "en", label: "English" }, { value: "fr", label: "Français" }] },
  { name: "currency", label: "currency", kind: "select", required: true, options: choices(["USD", "CAD"]) },
  { name: "theme", label: "theme", kind: "select", options: choices(["light", "dark"]) },
  { name: "font", label: "font", kind: "text" },
  { name: "contacts.email", label: "contact_email", kind: "text", inputMode: "email" },
  { name: "contacts.phone", label: "contact_phone", kind: "text" },
  { name: "contacts.address", label: "contact_address", kind: "text" },
  { name: "auth__remote_auth", label: "remote_auth", kind: "checkbox", hint: "remoteAuth" },
  { name: "auth__google.client_id", label: "google_client", kind: "text" },
  { name: "auth__facebook.client_id", label: "facebook_client", kind: "text" },
  { name: "google-analytics", label: "google_tag", kind: "text" },
  { name: "yare-analytics", label: "analytics_key", kind: "text" },
  { name: "player__seek_step_s", label: "seek_step", kind: "number", min: 5, max: 60, hint: "seekStep" },
  { name: "prerolls__skip_after_s", label: "skip_after_s", kind: "number", min: 0, max: 60 },
  { name: "prerolls__suppress_ms", label: "suppress_ms", kind: "number", min: 0, step: 1000 },
  { name: "streams__heartbeat_s", label: "heartbeat_s", kind: "number", min: 5, max: 300, hint: "heartbeat" },
  { name: "live__reconnect_grace_s", label: "reconnect_grace_s", kind: "number", min: 0, max: 1800, hint: "reconnectGrace" },
  { name: "embed__allowed_origins", label: "embed_origins", kind: "lines", hint: "embedOrigins" },
  { name: "geo__blocked_countries", label: "blocked_countries", kind: "lines", hint: "blockedCountries" },
  {
    name: "clips__tags",
    label: "clip_tags",
    kind: "rows",
    row: "clipTags",
    hint: "clipTags",
    fields: [
      { name: "key", label: "tag_key", kind: "text", required: true, pattern: "[a-z0-9\\-]{1,32}", hint: "tagKey" },
      { name: "name", label: "tag_name", kind: "localized", hint: "tagName" },
    ],
  },
  {
    name: "social",
    label: "social",
    kind: "rows",
    row: "social",
    fields: [
      { name: "network", label: "network", kind: "text", required: true, hint: "network" },
      { name: "url", label: "url", kind: "text", inputMode: "url", required: true },
    ],
  },
];

/** The stored shape of what the form gives differently: the remote sign-in flag is 0 or 1; empty contacts are null. */
export function settingsFromForm(value: Record<string, unknown>): Record<string, unknown> {
  const out = fromFormKeys(value);
  out["auth.remote_auth"] = out["auth.remote_auth"] ? 1 : 0;
  // A tag without names is stored as its bare key, as the definition writes the built-in ones.
  if (Array.isArray(out["clips.tags"])) {
    out["clips.tags"] = (out["clips.tags"] as Record<string, unknown>[]).map((tag) => (tag.name === undefined ? (tag.key ?? "") : { key: tag.key ?? "", name: tag.name }));
  }
  for (const key of ["embed.allowed_origins", "geo.blocked_countries", "languages"] as const) {
    if (Array.isArray(out[key]) && (out[key] as unknown[]).length === 0) delete out[key];
  }
  if (out.contacts && typeof out.contacts === "object") {
    const c = out.contacts as Record<string, unknown>;
    out.contacts = { email: c.email ?? null, phone: c.phone ?? null, address: c.address ?? null };
  }
  return out;
}
