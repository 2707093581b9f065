// How a signed-in device is named to the viewer (issue 28): the API reads the user agent (`DeviceName`, in
// api/contract/sessions.ts) and this only puts its parts into the page's words, the same on the Devices tab, the
// stream-limit prompt and the approval of a TV's code. `t` is the sessions namespace.
import type { DeviceName } from "@api/contract/sessions";
import type { TFunction } from "i18next";

/** "Chrome on Windows", "Safari on iPhone", "Samsung TV (code-linked)", "Smart TV (code-linked)". */
export function deviceName(t: TFunction, name: DeviceName): string {
  if (name.kind === "tv") return t("name.tv", { model: name.model ?? t("name.smartTv") });
  if (name.browser && name.os) return t("name.browserOn", { browser: name.browser, os: name.os });
  if (name.browser) return name.browser;
  if (name.os) return t("name.browserOnOs", { os: name.os });
  return t("name.unknown");
}
